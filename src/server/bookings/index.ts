/* Booking the screening call (issue 43): availability, slots, atomic seats. */
export { bookingMigrations, type BookingTables } from './booking-tables';
export { bookingRoutes } from './booking-routes';
export { availabilityRoutes } from './availability-routes';
