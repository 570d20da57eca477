inputs-menu = 📝 Збережені поля
inputs-cmd = Збережені поля форм обміну
inputs-title = 📝 <b>Збережені поля</b>
inputs-hint = Що обмінник запам'ятав із ваших форм обміну:
inputs-empty = Обмінник ще не має збережених полів для вас. Вони з'являться, коли ви заповните форму обміну на сайті.
# A saved field no exchange direction names any more: only its id is known.
inputs-unnamed-field = Поле №{ $id }
