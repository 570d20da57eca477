pay-menu = 💳 Pay an order
pay-cmd = Pay an order from your balance
pay-card-title = 💳 <b>Pay order #{ $id } from your balance</b>
pay-card-amount = <b>Amount:</b> { $amount }
pay-card-receive = <b>You receive:</b> { $amount }
pay-card-status = <b>Status:</b> { $status }
pay-card-balance = <b>Your balance:</b> { $balance }
pay-card-confirm = Press “Pay” to pay this order from your balance. A payment cannot be undone.
pay-card-not-payable = ⛔ This order cannot be paid: only orders awaiting payment can be paid from the balance.
pay-card-unsure = ⚠️ I cannot read this exchanger's orders with certainty, so I do not offer to pay here. Pay this order on the exchanger's website.
pay-card-short = ⛔ Your balance in this currency is less than the amount, so it cannot pay this order. Top up the balance or pay the order on the exchanger's website.
pay-card-amount-unread = <b>Amount:</b> I cannot read it with certainty
pay-btn-confirm = ✅ Pay
pay-btn-check = 🔄 Check order status
pay-status-checked = 🔄 Status checked just now.
pay-done = ✅ <b>Order #{ $id } is paid from your balance.</b>
pay-order-gone = 🤷 Order #{ $id } was not found in your account.
pay-not-payable-now = ⛔ Order #{ $id } can no longer be paid: its status is now “{ $status }”. Nothing was charged.
pay-unproven = ⚠️ The exchanger did not confirm just now that order #{ $id } can be paid, so I did not pay it. Nothing was charged. Pay it on the exchanger's website.
pay-busy = ⏳ A payment of order #{ $id } is already in progress (or its outcome is still unknown). Check its status in a minute before trying again.
pay-in-progress-elsewhere = ⏳ A payment of order #{ $id } is already in progress (from another chat linked to your account). I did not start a second one; I will show you how it ends.
pay-refused = ❌ The exchanger did not pay order #{ $id }: { $message }
    Nothing was charged.
pay-refused-generic = ❌ The exchanger refused to pay order #{ $id } without saying why. Nothing was charged.
pay-unknown = ⚠️ <b>The exchanger gave no clear answer (no reply in time, or a server error), so the outcome of paying order #{ $id } is unknown.</b>
    The payment may or may not have gone through. I did not repeat it, to avoid paying twice. Check the order's status before paying again.
pay-nothing-paid = { $reason }
    💳 Order #{ $id } was not paid.
pay-token-prompt = 💳 Send me the <b>token</b> of the order you want to pay from your balance. You find it in the order's link or on its page on the exchanger's website.
pay-token-reprompt = 💳 I am waiting for the order token (a long code without spaces). Send it, or press Cancel.
pay-token-invalid = 🤔 That does not look like an order token: it is a long code of letters and digits without spaces. Please check it and send it again.
pay-token-not-found = 🤷 I found no order with this token in your account. Check the token and send it again, or press Cancel.
pay-code-prompt = 🔐 Your account has 2FA on. To pay order #{ $id }, send the current 6-digit code from your authenticator app.
pay-already = This payment is already being processed or is done.
pay-enter-code = 🔐 Enter the code from your authenticator app.
pay-processing = ⏳ Paying…
pay-cancelled = ✖ Payment cancelled. Nothing was charged.
pay-token-unknown = 🤷 I found no order with this token in your account. Check the token, or send /pay to choose among the orders awaiting payment.
