btn-menu = ☰ Menu
btn-refresh = 🔄 Refresh
btn-back = ◀ Back
btn-cancel = ✖ Cancel
button-expired = This button has expired.
private-only = 🔒 I only work in a private chat, so your account stays private. Write to me directly: @{ $bot }. Never post your API key in a group!
private-only-short = Please write to me in a private chat.
error-not-linked = 🔑 Your account is not linked yet. Send /start to see how to link it with your API key.
error-not-linked-press = 🔑 No account is linked to this chat: this screen's buttons no longer work. Send your API key to link one.
error-key-rejected = 🔑 The exchanger no longer accepts your key (it was revoked or changed). I forgot it; send the new key from “API Settings” to link again.
error-unavailable = ⏳ The exchanger is not answering right now. Please try again in a few minutes.
error-unreadable = ⚠️ I cannot read this order with certainty: this exchanger writes it in a way I could not check. See it on the exchanger's website.
error-exchanger = ⚠️ The exchanger says: { $message }
error-exchanger-generic = ⚠️ The exchanger refused the request without saying why.
error-internal = 😵 Something went wrong on our side. Please try again.
error-after-spend = ⚠️ <b>Your payment of order #{ $id } was sent to the exchanger, and then something failed on our side, so I cannot tell you its outcome.</b>
    Do not pay again: check the order's status first (/orders).
error-after-create = ⚠️ <b>Your order was sent to the exchanger for creation, and then something failed on our side, so I cannot tell you yet whether it was created.</b>
    Do not create it again: check /orders first.
slow-down-toast = ⏳ Too many requests, slow down a little.
slow-down = ⏳ You are sending requests faster than I can handle them, so I skipped some. Wait a moment, then try again.
slow-down-wait = ⏳ Too many requests from this chat. Please wait { $seconds } s, then try again.
btn-support = 💬 Support
# The locale dates are written in (ui/dates.ts): a BCP 47 tag Intl knows.
date-locale = en
screen-unchanged = ✓ Nothing has changed
unplaced-values = Values in the exchanger's answer I cannot name with certainty: { $count }. I do not show them rather than guess what they mean.
value-percent = { $value }%
value-on = on
value-off = off
value-yes = yes
value-no = no
