import * as v from 'valibot';

/** The upload response: where to PUT the asset. It expires shortly after issue. */
export const UploadPreparationSchema = v.looseObject({
  upload_path: v.string(),
});

/** Where to PUT an asset. */
export interface UploadPreparation extends v.InferOutput<typeof UploadPreparationSchema> {}

/** The direct-upload response: the storage address to PUT to, and the registry address that finalises the upload. */
export const DirectUploadPreparationSchema = v.looseObject({
  upload_path: v.string(),
  callback: v.string(),
});

/** Where to PUT an asset directly to storage, and the callback to call afterwards. */
export interface DirectUploadPreparation extends v.InferOutput<typeof DirectUploadPreparationSchema> {}
