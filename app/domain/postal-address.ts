/** A delivery address as an order keeps it: who receives the parcel, where, and their phone. */
export type PostalAddress = {
  fullName: string;
  phone: string;
  addressLine1: string;
  addressLine2: string | null;
  city: string;
  state: string;
  postalCode: string;
};
