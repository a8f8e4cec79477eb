/* Booking the screening call (issue 43): availability, slots, atomic seats, invitations. */
export {
  bookedCalls,
  bookingMigrations,
  eraseBookings,
  type BookingTables,
  type ChangeRecorder,
} from './booking-tables';
export { bookingsPlugin, bookPageState, cancelUpcomingCalls, offersCall } from './bookings-plugin';
export { availabilityRoutes } from './availability-routes';
export { screeningRoutes } from './screening-routes';
export { ScreeningStore } from './screening-store';
export { BookingStore } from './booking-store';
export { callDeskRoutes } from './call-desk-routes';
export { callView, mergeCalls } from './call-desk';
export { handedOver, handOver } from './host-handover';
export { callsAndAnswers, sentCallMails } from './call-messages';
