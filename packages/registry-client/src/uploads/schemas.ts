import * as v from 'valibot';

/** The upload response: where to PUT the asset. It expires shortly after issue. */
export const UploadPreparationSchema = v.looseObject({
  upload_path: v.string(),
});

/** The direct-upload response: the storage address to PUT to, and the registry address that finalises the upload. */
export const DirectUploadPreparationSchema = v.looseObject({
  upload_path: v.string(),
  callback: v.string(),
});
