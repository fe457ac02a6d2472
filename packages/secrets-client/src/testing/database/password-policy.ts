// The default password policy: 20 characters from upper and lower case letters, digits and dashes,
// with at least one of each.
import { randomInt } from 'node:crypto';

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const DIGITS = '0123456789';
const DASH = '-';
const ALL = UPPER + LOWER + DIGITS + DASH;

function pick(characters: string): string {
  return characters[randomInt(characters.length)] ?? '';
}

/** A password that follows the default policy. */
export function defaultPolicyPassword(length = 20): string {
  const characters = [pick(UPPER), pick(LOWER), pick(DIGITS), DASH];
  while (characters.length < length) characters.push(pick(ALL));
  for (let index = characters.length - 1; index > 0; index -= 1) {
    const other = randomInt(index + 1);
    [characters[index], characters[other]] = [characters[other] ?? '', characters[index] ?? ''];
  }
  return characters.join('');
}

/** Whether `password` follows the default policy. */
export function followsDefaultPolicy(password: string): boolean {
  return (
    password.length === 20 &&
    /^[A-Za-z0-9-]+$/.test(password) &&
    /[A-Z]/.test(password) &&
    /[a-z]/.test(password) &&
    /\d/.test(password) &&
    password.includes('-')
  );
}
