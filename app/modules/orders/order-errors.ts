/** A refusal the customer can act on; `message` is shown under 'Order failed'. */
export class OrderError extends Error {
  constructor(
    message: string,
    readonly status = 409,
  ) {
    super(message);
  }
}

/** The order (or address) is not the customer's or does not exist; answered with 404. */
export class OrderNotFoundError extends Error {}

export class OrderNotCancellableError extends Error {}

/** A refusal the administrator can act on; shown as the 'Error' toast's description. */
export class OrderAdminError extends Error {
  constructor(
    message: string,
    readonly status = 409,
  ) {
    super(message);
  }
}
