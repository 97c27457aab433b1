// What happens when an invoice is paid, registered once per process before any request is served
// (a webhook may be the first request): the receipt, and the booking confirmation.
import '../features/payments';
import '../features/booking';
