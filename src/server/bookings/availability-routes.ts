import type { FastifyPluginAsync } from 'fastify';
import { AVAILABILITY_URL, availabilitySchema } from '@shared/booking-availability';
import { adminApi } from '../leads';
import { bodySchemaOf, fieldErrorsBody } from '../platform/http/api-schemas';
import { bookingStoreOf } from './bookings-plugin';

const { INVALID_FIELDS_MESSAGE, validateBody } = adminApi;

const availabilityBody = bodySchemaOf(availabilitySchema);

/** The availability's read and write, behind the admin's guard (the `work` permission: owners and recruiters). */
export const availabilityRoutes: FastifyPluginAsync = async (app) => {
  const store = bookingStoreOf(app);

  app.get(
    AVAILABILITY_URL,
    {
      schema: {
        summary: 'When screening calls can be booked: weekly windows, exceptions and rules',
        response: { 200: availabilityBody },
      },
    },
    () => store.availability(),
  );

  app.put(
    AVAILABILITY_URL,
    {
      schema: {
        summary: 'Replaces the availability; bookings already made stay',
        // Checked by the shared zod schema: documented only, so ajv neither coerces nor strips.
        documentedBody: availabilityBody,
        response: { 200: availabilityBody, 400: fieldErrorsBody },
      },
    },
    async (request, reply) => {
      const body = validateBody(availabilitySchema, request.body);
      if (!body.ok) {
        return reply.code(400).send({ error: INVALID_FIELDS_MESSAGE, fields: body.fields });
      }
      await store.saveAvailability(body.data);
      return body.data;
    },
  );
};
