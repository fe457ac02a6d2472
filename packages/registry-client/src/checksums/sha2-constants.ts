// SHA-2 constants (FIPS 180-4). SHA-256 uses the high halves of the first 64 SHA-512 round constants and
// of the SHA-512 initial values, which are the same roots of the same primes taken to 32 bits.

/** Round constants of SHA-512: the fractional parts of the cube roots of the first 80 primes, high word then low word. */
export const ROUND_CONSTANTS_512 = `
  428a2f98 d728ae22 71374491 23ef65cd b5c0fbcf ec4d3b2f e9b5dba5 8189dbbc
  3956c25b f348b538 59f111f1 b605d019 923f82a4 af194f9b ab1c5ed5 da6d8118
  d807aa98 a3030242 12835b01 45706fbe 243185be 4ee4b28c 550c7dc3 d5ffb4e2
  72be5d74 f27b896f 80deb1fe 3b1696b1 9bdc06a7 25c71235 c19bf174 cf692694
  e49b69c1 9ef14ad2 efbe4786 384f25e3 0fc19dc6 8b8cd5b5 240ca1cc 77ac9c65
  2de92c6f 592b0275 4a7484aa 6ea6e483 5cb0a9dc bd41fbd4 76f988da 831153b5
  983e5152 ee66dfab a831c66d 2db43210 b00327c8 98fb213f bf597fc7 beef0ee4
  c6e00bf3 3da88fc2 d5a79147 930aa725 06ca6351 e003826f 14292967 0a0e6e70
  27b70a85 46d22ffc 2e1b2138 5c26c926 4d2c6dfc 5ac42aed 53380d13 9d95b3df
  650a7354 8baf63de 766a0abb 3c77b2a8 81c2c92e 47edaee6 92722c85 1482353b
  a2bfe8a1 4cf10364 a81a664b bc423001 c24b8b70 d0f89791 c76c51a3 0654be30
  d192e819 d6ef5218 d6990624 5565a910 f40e3585 5771202a 106aa070 32bbd1b8
  19a4c116 b8d2d0c8 1e376c08 5141ab53 2748774c df8eeb99 34b0bcb5 e19b48a8
  391c0cb3 c5c95a63 4ed8aa4a e3418acb 5b9cca4f 7763e373 682e6ff3 d6b2b8a3
  748f82ee 5defb2fc 78a5636f 43172f60 84c87814 a1f0ab72 8cc70208 1a6439ec
  90befffa 23631e28 a4506ceb de82bde9 bef9a3f7 b2c67915 c67178f2 e372532b
  ca273ece ea26619c d186b8c7 21c0c207 eada7dd6 cde0eb1e f57d4f7f ee6ed178
  06f067aa 72176fba 0a637dc5 a2c898a6 113f9804 bef90dae 1b710b35 131c471b
  28db77f5 23047d84 32caab7b 40c72493 3c9ebe0a 15c9bebc 431d67c4 9c100d4c
  4cc5d4be cb3e42b6 597f299c fc657e2a 5fcb6fab 3ad6faec 6c44198c 4a475817`;

/** Initial values of SHA-512: square roots of the first 8 primes, high word then low word. */
export const INITIAL_512 = `
  6a09e667 f3bcc908 bb67ae85 84caa73b 3c6ef372 fe94f82b a54ff53a 5f1d36f1
  510e527f ade682d1 9b05688c 2b3e6c1f 1f83d9ab fb41bd6b 5be0cd19 137e2179`;

/** Initial values of SHA-384: square roots of the 9th to 16th primes. */
export const INITIAL_384 = `
  cbbb9d5d c1059ed8 629a292a 367cd507 9159015a 3070dd17 152fecd8 f70e5939
  67332667 ffc00b31 8eb44a87 68581511 db0c2e0d 64f98fa7 47b5481d befa4fa4`;
