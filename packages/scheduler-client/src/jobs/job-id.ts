import { RequestValidationError } from '@infra-sdk/core';

/** Puts the path's job id into a body that repeats it; a different `JobID` in the body is refused. */
export function withJobId<B extends { readonly JobID?: string | undefined }>(
  body: B,
  jobId: string,
  what: string,
): B & { JobID: string } {
  if (body.JobID !== undefined && body.JobID !== jobId) {
    throw new RequestValidationError(what, [
      {
        path: 'JobID',
        message: `${JSON.stringify(body.JobID)} differs from the job id of the path, ${JSON.stringify(jobId)}; leave JobID out`,
      },
    ]);
  }
  return { ...body, JobID: jobId };
}

/** Refuses a job whose `ID` is not the job id of the path, which the scheduler would answer with a 400. */
export function checkJobOfPath<B extends { readonly Job: { readonly ID?: unknown } }>(
  body: B,
  jobId: string,
  what: string,
): B {
  if (body.Job.ID !== jobId) {
    throw new RequestValidationError(what, [
      {
        path: 'Job.ID',
        message: `${JSON.stringify(body.Job.ID)} is not the job id of the path, ${JSON.stringify(jobId)}; a job is updated or planned under its own id`,
      },
    ]);
  }
  return body;
}
