# Обмен из чата: пределы калькулятора и оценка, путь на сайт, отказы.
exchange-amount-not-a-number = 🤔 Это не сумма. Отправьте число, например 150 или 0,015.
exchange-amount-not-positive = 🤔 Сумма должна быть больше нуля.
exchange-amount-too-many-decimals = 🤔 Для { $currency } допускается не больше { $decimals } знаков после запятой. Отправьте сумму ещё раз.
exchange-amount-below-min = ⬇️ Минимум для этого направления обмена: { $min } { $currency }. Отправьте сумму побольше.
exchange-amount-above-max = ⬆️ Максимум для этого направления обмена: { $max } { $currency }. Отправьте сумму поменьше.
exchange-amount-over-reserve = 📉 Сейчас обменник может выплатить не больше { $reserve } { $receiveCurrency }, поэтому отправить можно не больше { $maxSend } { $sendCurrency }. Отправьте сумму поменьше.
exchange-estimate = ≈ { $amount } { $currency }
exchange-estimate-note = ≈ — оценка по текущему курсу; окончательную сумму подтверждает обменник.
exchange-btn-site = 🌐 Перейти на сайт
exchange-on-website = Обмен проводится на сайте обменника.
exchange-unavailable = ⛔ Обмен из чата сейчас недоступен. Обменять можно на сайте обменника.
exchange-budget-spent = ⏳ Вы создали несколько заявок за короткое время. Следующую можно создать через { $minutes } мин.
exchange-admin-key-refused = ⚠️ <b>Обмен из чата выключен:</b> обменник не принимает PRIVATE_API_KEY или у него выключен Private API. Пользователям сообщается, что обмен из чата недоступен. Проверьте Application Settings → Private API в панели администратора обменника, затем запустите <code>npm run doctor</code>.
