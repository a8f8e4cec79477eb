/** Who the visitor is on /contact (the `userType` query parameter and the tabs). */
export type UserType = 'candidate' | 'employer';

export const isUserType = (value: string | null): value is UserType =>
  value === 'candidate' || value === 'employer';
