secure-code-bad-format = 🔢 A code is 6 digits. Send the current code from your authenticator app, or press Cancel.
secure-code-wrong = ❌ That code was not accepted. Send the current code again ({ $left ->
        [one] one attempt left
       *[other] { $left } attempts left
    }).
secure-code-refused = ❌ The code was not accepted: { $message }
    Send the current code again ({ $left ->
        [one] one attempt left
       *[other] { $left } attempts left
    }).
secure-code-too-many = ❌ Too many wrong codes.
secure-flow-busy = Finish the current step first, or send /cancel to stop it.
secure-codes-locked = 🔒 Too many wrong 2FA codes for this account. Payments, password changes and 2FA changes are paused: try again in { $minutes } min. Nothing was paid or changed.

flow-stale-done = ✅ Already done: this button no longer does anything.
flow-stale-cancelled = This step was already cancelled; nothing to do here.
flow-stale-left = You left this step for another screen; nothing to do here.
flow-stale-failed = This step has already ended; nothing to do here.
flow-leave-ask = ❓ Leave the form? What you entered will be lost.
flow-leave-yes = Yes, leave
flow-leave-no = No, stay
flow-left = Form left. Press the button again.
flow-left-command = Form left.
flow-stay = 👍 Let us continue: answer the last question.
