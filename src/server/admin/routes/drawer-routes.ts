import type { FastifyPluginAsync } from 'fastify';
import { possibleDuplicatesSchema } from '@shared/admin-duplicates';
import { arrayOfObjects, errorBody, idParams, objectOf } from '../../platform/http/api-schemas';
import { type LeadDesk, adminApi } from '../../leads';
import { BookingStore, callView, ScreeningStore } from '../../bookings';
import { zonedCallSchema } from '@shared/booking-calls';
import { screeningAnswersSchema } from '@shared/booking-screening';
import { messageTemplateSlotSchema } from '@shared/message-templates';
import { detailView } from './detail-view';
import { templateSlots } from './message-template-routes';
import { notFound } from './admin-replies';

/** The accounts a lead may be assigned to: enabled owners and recruiters (decision 162). */
export const assigneesSchema = arrayOfObjects({
  id: { type: 'integer' },
  name: { type: 'string' },
});

/** What the admin's lead drawer shows, in one answer so it opens at once (issue 42). */
export const drawerRoutes: FastifyPluginAsync<{ desk: LeadDesk }> = async (app, { desk }) => {
  const { db } = app.database;
  const bookings = new BookingStore(app);
  const screenings = new ScreeningStore(app);
  for (const kind of adminApi.leadKinds) {
    const { table, leadType, path } = kind;
    const { schema, detail } = detailView(desk, kind);
    const drawer = objectOf({
      lead: schema,
      assignees: assigneesSchema,
      messageTemplates: { type: 'array', items: messageTemplateSlotSchema },
      duplicates: { ...possibleDuplicatesSchema, description: 'Always [] for a company' },
    });

    app.get<{ Params: { id: number } }>(
      `${path}/:id/drawer`,
      {
        schema: {
          summary: "Everything the admin's lead drawer shows, in one answer",
          params: idParams,
          response: {
            // The booking and the screening are optional.
            200: {
              ...drawer,
              properties: {
                ...drawer.properties,
                booking: { ...zonedCallSchema, description: "A candidate's booked call, if any" },
                screening: {
                  ...screeningAnswersSchema,
                  description: "A candidate's answers to the knock-out questions, if given",
                },
              },
            },
            404: errorBody,
          },
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        const candidate = leadType === 'candidate';
        const [lead, assignees, messageTemplates, duplicates = [], call, screening] =
          await Promise.all([
            detail(request, id),
            adminApi.listAssignees(db),
            templateSlots(desk.templates),
            candidate ? adminApi.possibleDuplicates(desk.listing.db, id) : [],
            candidate ? bookings.liveBooking(id) : undefined,
            candidate ? screenings.answers(id) : undefined,
          ]);
        if (!lead) return notFound(reply);
        // In the desk's zone, named: the calls desk shows the same time for the same call.
        const booking = call && {
          ...callView(call, new Date()),
          timeZone: await bookings.deskZone(request.adminSession!.account.id),
        };
        return { lead, assignees, messageTemplates, duplicates, booking, screening };
      },
    );

    // After a call, the forms sent without the lead's proof may overwrite: answers the detail.
    app.post<{ Params: { id: number } }>(
      `${path}/:id/unverified/accept`,
      {
        schema: {
          summary: "Writes the values of the forms sent without the lead's proof over its own",
          params: idParams,
          response: { 200: schema, 404: errorBody },
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        const entry = { action: 'unverified_reviewed', leadType, leadId: id } as const;
        const also = app.audit.recorder({ ...entry, detail: 'accepted' }, request);
        const accepted = await desk.acceptUnverified(table, id, also);
        if (!accepted) return notFound(reply);
        return (await detail(request, id)) ?? notFound(reply);
      },
    );
  }
};
