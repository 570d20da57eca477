info-menu-currencies = 🪙 Валюти
info-menu-directions = 🔀 Напрямки
info-menu-status = 📡 Статус
info-menu-referral = 🤝 Партнерам
info-cmd-currencies = Валюти та резерви
info-cmd-directions = Напрямки обміну, курси та ліміти
info-cmd-status = Статус обмінника
info-cmd-referral = Партнерська програма
info-nothing = Обмінник не надіслав подробиць.
info-currencies-title = 🪙 <b>Валюти</b> ({ $total })
info-currencies-empty = Обмінник зараз не показує жодної валюти.
info-currency-type-crypto = криптовалюта
info-currency-type-fiat = фіат
info-currency-type-ewallet = електронний гаманець
info-currency-reserve = Резерв: { $value }
info-directions-title = 🔀 <b>Напрямки обміну</b>
info-directions-empty = Обмінник зараз не має відкритих напрямків обміну.
info-directions-pick-send = Що ви хочете надіслати?
info-directions-pick-receive = Ви надсилаєте <b>{ $send }</b>. Що хочете отримати?
info-directions-none-from = З <b>{ $send }</b> більше немає відкритих напрямків.
info-direction-title = 🔀 <b>{ $send } → { $receive }</b>
info-direction-rate = 💱 Курс: { $send } = { $receive }
info-direction-min = ⬇️ Мінімум: { $value }
info-direction-max = ⬆️ Максимум: { $value }
info-direction-reserve = 💰 Резерв: { $value }
info-direction-inputs = 📝 <b>Поля для заповнення</b>
info-direction-no-inputs = Додаткові поля не потрібні.
info-direction-optional = (необов'язково)
info-status-title = 📡 <b>Статус обмінника</b>
info-status-online = 🟢 Працює
info-status-offline = 🔴 Не працює
info-status-maintenance = 🛠 Технічні роботи
info-referral-title = 🤝 <b>Партнерська програма</b>
info-referral-off = Партнерська програма зараз вимкнена.
info-referral-percent = 💸 <b>Винагорода:</b> { $value } з кожного обміну
info-referral-levels = 🪜 <b>Рівні:</b> { $value }
info-referral-level = рівень { $level } — { $value }
# A percentage (the number already in the reader's language).
info-referral-min-payout = 💳 <b>Мінімальна виплата:</b> { $value }
info-referral-cookie = 🍪 <b>Реферальне посилання запам'ятовується на:</b> { $days ->
    [one] { $days } день
    [few] { $days } дні
   *[other] { $days } днів
}
info-direction-gone = Обмінник більше не пропонує { $send } → { $receive }. Оберіть інший напрямок.
info-referral-on = Партнерська програма працює.
info-referral-mine-title = 🤝 <b>Ваша партнерська програма</b>
info-referral-link = 🔗 <b>Ваше реферальне посилання:</b> <code>{ $link }</code>
info-referral-no-link = 🔗 Обмінник не дає тут вашого реферального посилання; воно є у вашому акаунті на його сайті.
info-referral-reward = 💸 <b>Ваша винагорода:</b> { $value }
info-referral-volume = 📊 <b>Обміняли ваші реферали:</b> { $value }
info-referral-orders = 🧾 <b>Заявки рефералів:</b> { $count }
info-referral-program = <b>Про партнерську програму</b>
info-referral-btn-copy = 📋 Копіювати
info-referral-btn-share = 📤 Поділитися
info-referral-btn-orders = 🧾 Заявки рефералів
info-referral-share-text = Обмінюйте в { $exchanger } за моїм посиланням
info-referral-qr-caption = 🔗 Ваше реферальне посилання: { $link }
