# Exchange from the chat: the calculator's limits and estimate, the way to the site, refusals.
exchange-amount-not-a-number = 🤔 That is not an amount. Send a number such as 150 or 0.015.
exchange-amount-not-positive = 🤔 The amount must be more than zero.
exchange-amount-too-many-decimals = 🤔 { $currency } takes at most { $decimals } digits after the decimal point. Please send the amount again.
exchange-amount-below-min = ⬇️ The minimum for this exchange direction is { $min } { $currency }. Send a larger amount.
exchange-amount-above-max = ⬆️ The maximum for this exchange direction is { $max } { $currency }. Send a smaller amount.
exchange-amount-over-reserve = 📉 The exchanger can pay out at most { $reserve } { $receiveCurrency } right now, so you can send at most { $maxSend } { $sendCurrency }. Send a smaller amount.
exchange-estimate = ≈ { $amount } { $currency }
exchange-estimate-note = ≈ is an estimate at the current rate; the exchanger confirms the final amount.
exchange-btn-site = 🌐 Continue on site
exchange-on-website = Exchanges are made on the exchanger's website.
exchange-unavailable = ⛔ Exchanges from the chat are unavailable right now. You can exchange on the exchanger's website.
exchange-budget-spent = ⏳ You have created several orders in a short time. You can create the next one in { $minutes } min.
exchange-admin-key-refused = ⚠️ <b>Exchange from the chat is off:</b> the exchanger refuses PRIVATE_API_KEY, or its Private API is switched off. Users are told exchanges from the chat are unavailable. Check Application Settings → Private API in the exchanger's admin panel, then run <code>npm run doctor</code>.
