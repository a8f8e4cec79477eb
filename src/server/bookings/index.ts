/* Booking the screening call (issue 43): availability, slots, atomic seats, invitations. */
export { bookingMigrations, eraseBookings, type BookingTables } from './booking-tables';
export { bookingsPlugin, bookingStoreOf, bookPageState } from './bookings-plugin';
export { availabilityRoutes } from './availability-routes';
