/* messages_parse.c — the parser's errors in Russian, French and Spanish (messages_parse.def has
 * the English): what was typed wrong and what to type instead, apart from the game's lines. */
#include "messages_tables.h"

const char *const msg_russian_parse[MSG_COUNT] = {
    [MSG_PARSE_DURAK_OPTION] =
        "«%s» — непонятный вариант для %sдурак: можно подкидной или переводной, подкидывают все "
        "или соседи, пять (первый заход — 5 карт), парами (командами по двое)",
    [MSG_PARSE_DURAK_OPTION_NEAR] = "«%s» — непонятный вариант для %sдурак: может быть, %s?",
    [MSG_PARSE_DURAK_CONFLICT] = "«%s» и «%s» вместе нельзя: выберите одно, например %sдурак %s",
    [MSG_PARSE_BOT_OPTION] = "«%s» — непонятный вариант для %sбот: %sбот "
                             "лёгкий|средний|сложный|эксперт или %sбот убрать",
    [MSG_PARSE_TOP_NUMBER] = "«%s» — не число от 1 до 20: например, %sтоп 10",
    [MSG_PARSE_STATS_NICK] = "«%s» — не ник: %sстатистика и ник, или просто %sстатистика — ваша",
    [MSG_PARSE_EXTRA_WORD] = "«%s» после %s непонятно: напишите просто %s",
    [MSG_PARSE_NEEDS_CARD] = "к команде %s нужна карта: %s",
    [MSG_PARSE_NOT_CARD] = "«%s» — не карта: например, %s",
    [MSG_PARSE_NO_SUIT] = "«%s» — не карта: после достоинства укажите масть, например %s",
    [MSG_PARSE_SUIT_FIRST] = "«%s» — не карта: сначала достоинство, потом масть, например %s",
    [MSG_PARSE_BAD_RANK] = "«%s» — не карта: достоинство — 6 7 8 9 10 В Д К Т, например %s",
    [MSG_PARSE_BAD_SUIT] = "«%s» — не карта: после достоинства — одна масть, например %s",
    [MSG_PARSE_NOT_UTF8] =
        "Vash IRC-klient shlyot tekst ne v UTF-8 (cp1251? koi8-r?): vystavte v nyom "
        "kodirovku UTF-8 i napishite snova. / Your IRC client does not send UTF-8.",
    [MSG_PARSE_TWO_CARDS] = "по одной карте за раз: чтобы покрыть %s картой %s, напишите %s",
    [MSG_PARSE_ONE_AT_A_TIME] = "по одной карте за раз: %s, потом %s",
    [MSG_PARSE_TRANSFER_ONE] = "переводят одной картой: %s (другую можно будет подкинуть потом, "
                               "уже атакуя)",
    [MSG_PARSE_UNKNOWN_PRIVATE] =
        "«%s» — не команда и не карта: «ходы» покажет ваши ходы, «помощь» — "
        "все команды",
    [MSG_PARSE_UNKNOWN_NO_GAME] = "«%s» — не команда, а вы сейчас не в игре: соберите её в канале "
                                  "командой %sдурак, сядьте за стол командой %sиграть или сыграйте "
                                  "здесь с компьютером: играю («помощь» — все команды).",
    [MSG_PARSE_DID_YOU_MEAN] = "«%s» — не команда и не карта: может быть, %s? («ходы» покажет "
                               "ваши ходы, «помощь» — все команды)",
    [MSG_PARSE_DID_YOU_MEAN_CHANNEL] = "«%s%s» — не команда: может быть, %s?",
    [MSG_PARSE_AMBIGUOUS] = "«%s» может значить %s: напишите что-то одно",
    [MSG_PARSE_NEITHER] = "У вас нет ни %s, ни %s: ваши карты — по слову карты",
    [MSG_PARSE_CHANNEL_ONLY] = "%s%s — команда для канала: напишите её в канале, а не мне",
    [MSG_PARSE_T_AMBIGUOUS] =
        "%s: десятка %s (наберите %s) или туз %s (наберите %s)? Латинская T — "
        "десятка, кириллическая Т — туз.",
    [MSG_PARSE_SOLO_WORD] =
        "«%s» — не выбор для игры: личную игру против компьютера начинает играю "
        "[подкидной|переводной] [лёгкий|средний|сложный] [2-6] (в любом порядке, каждое слово не "
        "больше раза), а карту кладёт хожу, например хожу 7ч.",
    [MSG_PARSE_SOLO_PLAYERS] = "В личной игре от 2 до 6 игроков (вы и от 1 до 5 компьютерных), а "
                               "не %s: например, играю сложный 3.",
};

const char *const msg_french_parse[MSG_COUNT] = {
    [MSG_PARSE_DURAK_OPTION] =
        "Option « %s » inconnue pour %sdurak : choisissez classique|transfert, tous|voisins (qui "
        "ajoute), cinq (5 cartes à la première attaque), équipes (par équipes de deux)",
    [MSG_PARSE_DURAK_OPTION_NEAR] = "Option « %s » inconnue pour %sdurak : vouliez-vous dire %s ?",
    [MSG_PARSE_DURAK_CONFLICT] =
        "« %s » et « %s » ne vont pas ensemble : choisissez-en un, par ex. %sdurak %s",
    [MSG_PARSE_BOT_OPTION] =
        "Option « %s » inconnue pour %sbot : %sbot facile|moyen|difficile|expert, ou %sbot retirer",
    [MSG_PARSE_TOP_NUMBER] = "« %s » n'est pas un nombre de 1 à 20 : essayez %sclassement 10",
    [MSG_PARSE_STATS_NICK] = "« %s » n'est pas un pseudo : tapez %sstatistiques et un pseudo, ou "
                             "%sstatistiques seul pour les vôtres",
    [MSG_PARSE_EXTRA_WORD] = "« %s » après %s n'est pas compris : tapez seulement %s",
    [MSG_PARSE_NEEDS_CARD] = "%s demande une carte : %s",
    [MSG_PARSE_NOT_CARD] = "« %s » n'est pas une carte : essayez %s",
    [MSG_PARSE_NO_SUIT] = "« %s » n'est pas une carte : ajoutez la couleur après la valeur, "
                          "par ex. %s",
    [MSG_PARSE_SUIT_FIRST] = "« %s » n'est pas une carte : écrivez d'abord la valeur, par ex. %s",
    [MSG_PARSE_BAD_RANK] =
        "« %s » n'est pas une carte : la valeur est l'une de 6 7 8 9 10 V D R A, par ex. %s",
    [MSG_PARSE_BAD_SUIT] =
        "« %s » n'est pas une carte : une seule couleur après la valeur, par ex. %s",
    [MSG_PARSE_NOT_UTF8] =
        "Votre client IRC n'envoie pas de l'UTF-8 (cp1251 ? koi8-r ?) : reglez son "
        "encodage sur UTF-8, puis recommencez.",
    [MSG_PARSE_TWO_CARDS] = "une carte à la fois : pour couvrir %s avec %s, tapez %s",
    [MSG_PARSE_ONE_AT_A_TIME] = "une carte à la fois : %s, puis %s",
    [MSG_PARSE_TRANSFER_ONE] = "on transfère avec une seule carte : %s (l'autre, vous pourrez "
                               "l'ajouter ensuite en attaquant)",
    [MSG_PARSE_UNKNOWN_PRIVATE] =
        "« %s » n'est ni une commande ni une carte : tapez coups pour voir "
        "vos coups, ou aide pour toutes les commandes",
    [MSG_PARSE_UNKNOWN_NO_GAME] =
        "« %s » n'est pas une commande, et vous n'êtes dans aucune partie : "
        "ouvrez-en une dans un salon avec %sdurak, rejoignez-en une avec "
        "%srejoindre, ou jouez ici contre l'ordinateur : jouer (aide : "
        "toutes les commandes).",
    [MSG_PARSE_DID_YOU_MEAN] = "« %s » n'est ni une commande ni une carte : vouliez-vous dire %s ? "
                               "(coups : vos coups, aide : toutes les commandes)",
    [MSG_PARSE_DID_YOU_MEAN_CHANNEL] = "« %s%s » n'est pas une commande : vouliez-vous dire %s ?",
    [MSG_PARSE_AMBIGUOUS] = "« %s » peut vouloir dire %s : tapez l'un d'eux",
    [MSG_PARSE_NEITHER] = "Vous n'avez ni %s ni %s : main montre vos cartes",
    [MSG_PARSE_CHANNEL_ONLY] = "%s%s est une commande de salon : tapez-la dans le salon, pas à moi",
    [MSG_PARSE_T_AMBIGUOUS] = "%s : le 10 %s (tapez %s) ou l'as %s (tapez %s) ? Le T latin est "
                              "le 10, le Т cyrillique l'as.",
    [MSG_PARSE_SOLO_WORD] =
        "« %s » n'est pas un choix de partie : lancez une partie privée avec jouer "
        "[classique|transfert] [facile|moyen|difficile] [2-6] (dans n'importe quel ordre, chacun "
        "une fois au plus), ou jouez une carte, par ex. joue 7co.",
    [MSG_PARSE_SOLO_PLAYERS] = "Une partie privée se joue de 2 à 6 (vous et 1 à 5 joueurs "
                               "ordinateur), pas %s : par ex. jouer difficile 3.",
};

const char *const msg_spanish_parse[MSG_COUNT] = {
    [MSG_PARSE_DURAK_OPTION] =
        "Opción «%s» desconocida para %sdurak: usa clásico|transferencia, todos|vecinos (quién "
        "añade), cinco (5 cartas en el primer ataque), parejas (por equipos de dos)",
    [MSG_PARSE_DURAK_OPTION_NEAR] = "Opción «%s» desconocida para %sdurak: ¿quisiste decir %s?",
    [MSG_PARSE_DURAK_CONFLICT] =
        "«%s» y «%s» no pueden elegirse a la vez: elige uno, p. ej. %sdurak "
        "%s",
    [MSG_PARSE_BOT_OPTION] =
        "Opción «%s» desconocida para %sbot: usa %sbot fácil|medio|difícil|experto, o %sbot quitar",
    [MSG_PARSE_TOP_NUMBER] = "«%s» no es un número del 1 al 20: prueba %sclasificación 10",
    [MSG_PARSE_STATS_NICK] = "«%s» no es un nick: escribe %sestadísticas y un nick, o solo "
                             "%sestadísticas para las tuyas",
    [MSG_PARSE_EXTRA_WORD] = "No se entiende «%s» después de %s: escribe solo %s",
    [MSG_PARSE_NEEDS_CARD] = "%s necesita una carta: %s",
    [MSG_PARSE_NOT_CARD] = "«%s» no es una carta: prueba %s",
    [MSG_PARSE_NO_SUIT] = "«%s» no es una carta: añade el palo después del valor, p. ej. %s",
    [MSG_PARSE_SUIT_FIRST] = "«%s» no es una carta: escribe primero el valor, p. ej. %s",
    [MSG_PARSE_BAD_RANK] = "«%s» no es una carta: el valor es 6 7 8 9 10 J Q K A, p. ej. %s",
    [MSG_PARSE_BAD_SUIT] = "«%s» no es una carta: tras el valor va un solo palo, p. ej. %s",
    [MSG_PARSE_NOT_UTF8] =
        "Tu cliente IRC no envia UTF-8 (cp1251? koi8-r?): pon su codificacion en "
        "UTF-8 y vuelve a escribirlo.",
    [MSG_PARSE_TWO_CARDS] = "una carta cada vez: para cubrir %s con %s, escribe %s",
    [MSG_PARSE_ONE_AT_A_TIME] = "una carta cada vez: %s, luego %s",
    [MSG_PARSE_TRANSFER_ONE] = "se transfiere con una sola carta: %s (la otra podrás añadirla "
                               "después, al atacar)",
    [MSG_PARSE_UNKNOWN_PRIVATE] =
        "«%s» no es un comando ni una carta: escribe jugadas para ver tus "
        "jugadas, o ayuda para todos los comandos",
    [MSG_PARSE_UNKNOWN_NO_GAME] =
        "«%s» no es un comando, y no estás en ninguna partida: abre una en un "
        "canal con %sdurak, únete a una con %sunirse, o juega aquí contra "
        "la máquina: jugar (ayuda: todos los comandos).",
    [MSG_PARSE_DID_YOU_MEAN] = "«%s» no es un comando ni una carta: ¿quisiste decir %s? (jugadas: "
                               "tus jugadas, ayuda: todos los comandos)",
    [MSG_PARSE_DID_YOU_MEAN_CHANNEL] = "«%s%s» no es un comando: ¿quisiste decir %s?",
    [MSG_PARSE_AMBIGUOUS] = "«%s» puede significar %s: escribe uno de ellos",
    [MSG_PARSE_NEITHER] = "No tienes ni %s ni %s: mano muestra tus cartas",
    [MSG_PARSE_CHANNEL_ONLY] = "%s%s es un comando del canal: escríbelo en el canal, no a mí",
    [MSG_PARSE_T_AMBIGUOUS] = "%s: ¿el 10 %s (escribe %s) o el as %s (escribe %s)? La T latina es "
                              "el 10, la Т cirílica el as.",
    [MSG_PARSE_SOLO_WORD] =
        "«%s» no es una opción de partida: empieza una partida privada con jugar "
        "[clásico|transferencia] [fácil|medio|difícil] [2-6] (en cualquier orden, cada una como "
        "mucho una vez), o juega una carta, p. ej. juego 7co.",
    [MSG_PARSE_SOLO_PLAYERS] = "Una partida privada tiene de 2 a 6 jugadores (tú y de 1 a 5 "
                               "automáticos), no %s: p. ej. jugar difícil 3.",
};
