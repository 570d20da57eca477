secure-code-bad-format = 🔢 A code is 6 digits. Send the current code from your authenticator app, or press Cancel.
secure-code-wrong = ❌ That code was not accepted. Send the current code again ({ $left ->
        [one] one attempt left
       *[other] { $left } attempts left
    }).
secure-code-too-many = ❌ Too many wrong codes.
secure-flow-busy = Finish the current step first, or send /cancel to stop it.
secure-codes-locked = 🔒 Too many wrong 2FA codes for this account. Payments, password and 2FA changes are paused: try again in { $minutes } min. Nothing was paid or changed.
