import { AppError } from "../../lib/app-error";

/** A refusal the customer can act on; `message` is shown under 'Order failed'. */
export class OrderError extends AppError {
  constructor(message: string, status = 409) {
    super(message, { status, title: "Order failed" });
  }
}

/**
 * A line of the cart cannot be bought as it is: out of stock, fewer left than asked for, or no
 * longer sold. The cart flags that line, so the checkout sends the shopper there with this message.
 */
export class CartLineProblemError extends OrderError {}

/** Cash on delivery is not offered for this order's total or PIN code; the card still is. */
export class CashOnDeliveryUnavailableError extends OrderError {
  constructor(message: string) {
    super(message, 400);
  }
}

/** The courier does not deliver to the order's PIN code (docs/decisions/061). */
export class DeliveryUnavailableError extends OrderError {
  constructor(message: string) {
    super(message, 400);
  }
}

/** Express delivery where the courier has no faster service for the PIN code (decision 072). */
export class ExpressUnavailableError extends OrderError {
  constructor(message: string) {
    super(message, 400);
  }
}

/** The order (or address) is not the customer's or does not exist; answered with 404. */
export class OrderNotFoundError extends AppError {
  constructor(message: string) {
    super(message, { status: 404 });
  }
}

export class OrderNotCancellableError extends AppError {
  constructor(message: string) {
    super(message, { status: 409 });
  }
}

/** A refusal the administrator can act on; shown as the 'Error' toast's description. */
export class OrderAdminError extends AppError {
  constructor(message: string, status = 409) {
    super(message, { status });
  }
}
