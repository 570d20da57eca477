# Обмін із чату: межі калькулятора й оцінка, шлях на сайт, відмови.
exchange-amount-not-a-number = 🤔 Це не сума. Надішліть число, наприклад 150 або 0,015.
exchange-amount-not-positive = 🤔 Сума має бути більшою за нуль.
exchange-amount-too-many-decimals = 🤔 Для { $currency } допускається не більше { $decimals } знаків після коми. Надішліть суму ще раз.
exchange-amount-below-min = ⬇️ Мінімум для цього напрямку обміну: { $min } { $currency }. Надішліть більшу суму.
exchange-amount-above-max = ⬆️ Максимум для цього напрямку обміну: { $max } { $currency }. Надішліть меншу суму.
exchange-amount-over-reserve = 📉 Зараз обмінник може виплатити не більше { $reserve } { $receiveCurrency }, тож надіслати можна не більше { $maxSend } { $sendCurrency }. Надішліть меншу суму.
exchange-estimate = ≈ { $amount } { $currency }
exchange-estimate-note = ≈ — оцінка за поточним курсом; остаточну суму підтверджує обмінник.
exchange-btn-site = 🌐 Перейти на сайт
exchange-on-website = Обмін здійснюється на сайті обмінника.
exchange-unavailable = ⛔ Обмін із чату зараз недоступний. Обміняти можна на сайті обмінника.
exchange-budget-spent = ⏳ Ви створили кілька заявок за короткий час. Наступну можна створити через { $minutes } хв.
exchange-admin-key-refused = ⚠️ <b>Обмін із чату вимкнено:</b> обмінник не приймає PRIVATE_API_KEY або в нього вимкнено Private API. Користувачам повідомляється, що обмін із чату недоступний. Перевірте Application Settings → Private API у панелі адміністратора обмінника, потім запустіть <code>npm run doctor</code>.
