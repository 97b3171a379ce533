/**
 * Limits that keep the prefilled mailto: link to a size every mail client accepts. Apart from the
 * contact schema so that the contact page can show them without loading Zod.
 */
export const CONTACT_LIMITS = { name: 100, subject: 200, message: 2000 } as const;
