import { fieldErrorsBody } from '../../platform/http/api-schemas';

export const emailQuery = {
  type: 'object',
  properties: {
    email: {
      type: 'string',
      description: "The person's e-mail address (any case; never logged)",
    },
  },
  required: ['email'],
} as const;

export const badAddress = {
  ...fieldErrorsBody,
  description: 'Missing or invalid address: `fields.email` says so; nothing was read or changed',
};
