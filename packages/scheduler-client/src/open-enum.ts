// Core's open enum under the path the event schemas import it from.
export { openEnum } from '@infra-sdk/core';
