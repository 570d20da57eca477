twofa-menu = 🔐 Two-factor auth
twofa-cmd = Two-factor authentication on or off
twofa-title = 🔐 <b>Two-factor authentication</b>
twofa-state-on = Status: <b>on</b> ✅
twofa-state-off = Status: <b>off</b>
twofa-state-unknown = Status: the exchanger does not say.
twofa-explain-on = Payments from the balance, password changes and turning 2FA off need a code from your authenticator app.
twofa-explain-off = Turn it on to protect payments and password changes with a code from an authenticator app (Google Authenticator, Authy, Aegis…).
twofa-btn-enable = 🔐 Turn on
twofa-btn-disable = 🔓 Turn off
twofa-already-on = ✅ Two-factor authentication is already on.
twofa-qr-caption = 🔐 <b>Turning on two-factor authentication</b>
    1. Scan this QR code with your authenticator app, or add the account { $issuer } by hand with this key: <tg-spoiler><code>{ $secret }</code></tg-spoiler>
    2. Send me the 6-digit code the app shows.
    This message disappears when we are done. Do not share the key with anyone.
twofa-enable-cancelled = ✖ Cancelled. Two-factor authentication stays off.
twofa-enable-failed = ❌ Too many wrong codes. Two-factor authentication stays off; remove the entry from your app and try /2fa again.
twofa-enabled = ✅ <b>Two-factor authentication is on.</b> From now on I will ask for a code from your app to pay from the balance and to change the password.
twofa-disable-ask-code = 🔓 To turn two-factor authentication off, send the current 6-digit code from your authenticator app.
twofa-disable-failed = ❌ Too many wrong codes. Two-factor authentication stays on.
twofa-disabled = 🔓 <b>Two-factor authentication is off.</b> You can remove the entry from your authenticator app.
