/* messages_es.c — the Spanish texts, in the words of the Spanish rule text (triunfo, palo, recoger,
 * mazo): the commands quoted are the words Spanish players type (bot/parse_words.c). */
#include "messages_tables.h"

const char *const msg_spanish[MSG_COUNT] = {
    [MSG_TURN_LEAD] = "ataca con una carta",
    [MSG_TURN_DEFEND] = "cubre %s o recoge",
    [MSG_TURN_DEFEND_TRANSFER] = "cubre %s, recoge o transfiere",
    [MSG_TURN_THROWIN] = "añade una carta de un valor que ya esté en la mesa, o pasa",
    [MSG_TURN_TAKING] = "%s recoge: añádele cartas, o pasa",
    [MSG_LINE_ACT] = "%s: %s",
    [MSG_WAIT_THROWIN] = "pueden añadirse cartas",
    [MSG_WAIT_ADDING] = "aún pueden darse más cartas",
    [MSG_STATUS_TRUMP] = "triunfo %s · ",
    [MSG_STATUS] = "mazo %d · manos %s",
    [MSG_STATUS_TABLE] = "mesa %s",
    [MSG_YOUR_TURN] = "Tu turno en %s: %s — %s · mano: %s (triunfo %s)",
    [MSG_YOUR_LEAD] =
        "Tu turno en %s: ataca con la carta que quieras, p. ej. %s · mano: %s (triunfo %s)",
    [MSG_YOUR_OPTION] = "En %s puedes añadir: %s o paso · mano: %s (triunfo %s)",
    [MSG_YOUR_OPTION_TAKING] =
        "En %s %s recoge; puedes añadirle: %s o paso · mano: %s (triunfo %s)",
    [MSG_HAND] = "Tu mano en %s: %s (triunfo %s)",
    [MSG_RESULT_DURAK] = "Fin de la partida: ¡%s es el durak!",
    [MSG_RESULT_DRAW] = "Fin de la partida: empate, los últimos jugadores salieron a la "
                        "vez; nadie es el durak.",
    [MSG_RESULT_WON] = "Fin de la partida: gana %s por abandono; nadie es el durak.",
    [MSG_RESULT_BOTS_WIN] =
        "Fin de la partida: solo quedan jugadores automáticos, que comparten la victoria.",
    [MSG_BOUT_TAKEN] = "%s se lleva %d %s",
    [MSG_BOUT_BEATEN] = "Descarte",
    [MSG_TRUMP_DRAWN] = "%s saca del mazo la última carta, el triunfo %s",
    [MSG_PLAYER_OUT] = "%s sale (puesto %d)",
    [MSG_MOVE_LEAD] = "%s ataca con %s",
    [MSG_MOVE_ADD] = "%s añade además %s",
    [MSG_MOVE_THROW] = "%s añade %s",
    [MSG_MOVE_BEAT] = "%s cubre %s con %s",
    [MSG_MOVE_TAKE] = "%s recoge",
    [MSG_MOVE_TRANSFER] = "%s transfiere con %s a %s",
    [MSG_TIMEOUT_PREFIX] = "Se acabó el tiempo: ",
    [MSG_FORFEIT_LEFT] = "%s deja la partida y pierde por abandono",
    [MSG_FORFEIT_TIMEOUTS] = "%s agotó el tiempo demasiadas veces y pierde por abandono",
    [MSG_FORFEIT_GONE] = "%s no volvió a tiempo y pierde por abandono",
    [MSG_GAME_START] = "Durak (%s) empieza: %s. Triunfo: %s. %s tiene el triunfo más bajo, "
                       "%s, y ataca primero.",
    [MSG_TRUMP_HELD] = "%s, en la mano de %s",
    [MSG_GAME_START_NO_TRUMP] = "Durak (%s) empieza: %s. Triunfo: %s. Nadie tiene triunfo, así que "
                                "%s ataca primero.",
    [MSG_GAME_START_HOW] = "Juega por mensaje privado conmigo (prueba: jugadas).",
    [MSG_GAME_RUNNING] = "Ya hay una partida en curso en %s; espera a que termine (%smesa la "
                         "muestra).",
    [MSG_GAME_RUNNING_YOURS] = "Tu partida en %s ya está en curso (%smesa la muestra).",
    [MSG_LOBBY_EXISTS] = "Ya hay una partida abierta en %s (%s): escribe %sunirse para sentarte.",
    [MSG_ALREADY_SEATED] = "Ya tienes sitio en la partida de %s (%s), aún sin empezar: para jugar "
                           "en otra, escribe antes %ssalir allí (o %sparar, si la abriste tú).",
    [MSG_NICK_LIKE_BOT] = "Los nicks que terminan en [bot] son para los jugadores automáticos: "
                          "cambia el tuyo con /nick para sentarte.",
    [MSG_ACCOUNT_SEATED] = "Ya tienes un asiento en %s, como %s (la misma cuenta de servicios): un "
                           "asiento por persona, así que juega desde ese nick.",
    [MSG_TOO_FAST] = "Demasiados comandos seguidos: espera %d s y vuelve a escribirlo.",
    [MSG_SEAT_HELD_BOT_NAME] =
        "Tu sitio en %s se guarda mientras tu nick termine en [bot], como los "
        "de los jugadores automáticos: cámbialo con /nick para seguir jugando.",
    [MSG_ALREADY_HERE] = "Ya tienes sitio en %s (%ssalir lo deja libre).",
    [MSG_LOBBY_OPEN] = "%s abre una partida de durak (%s): escribe %sunirse para jugar; %s "
                       "la empieza con %sempezar.",
    [MSG_BOT_FULL] =
        "Ya hay seis sentados: empieza con %1$sempezar, o %1$sbot quitar libera un asiento.",
    [MSG_LOBBY_FULL] = "La partida de %s está completa (6 jugadores): espera a la "
                       "siguiente.",
    [MSG_LOBBY_JOINED] = "%s se sienta: %s (%d/6). %s",
    [MSG_LOBBY_CAN_START] = "%s puede empezar con %sempezar.",
    [MSG_LOBBY_CAN_START_2] = "%s podrá empezar cuando se siente un segundo jugador: %sunirse "
                              "para sentarse, %sbot para añadir un jugador automático.",
    [MSG_LOBBY_CAN_START_TEAMS] = "%s podrá empezar cuando haya 4 o 6 jugadores en la mesa (por "
                                  "parejas): %sunirse para sentarse, %sbot para añadir un "
                                  "jugador automático.",
    [MSG_NOT_SEATED_HERE] = "No tienes sitio en %s: escribe %sunirse para sentarte.",
    [MSG_WAITS_MUTED] =
        "La partida de %s espera: el canal no acepta mis líneas (un modo como +m o +c, "
        "o un ban), así que nadie vería tu jugada. Seguirá, con el tiempo que tenías, "
        "cuando las acepte.",
    [MSG_WAITS_FOR_BOT] = "La partida de %s espera: no estoy en el canal (me echaron o no me "
                          "dejan entrar), así que nadie vería tu jugada. Sigue, con el tiempo que "
                          "tenías, cuando vuelva.",
    [MSG_NOT_PLAYING_HERE] = "No juegas en la partida de %s: no hay nada que dejar (%smirar para "
                             "seguirla).",
    [MSG_LOBBY_EMPTY] = "%s se va; no queda nadie, así que la partida se cierra.",
    [MSG_LOBBY_LEFT] = "%s se va. En la mesa: %s. %s",
    [MSG_ONLY_CREATOR_START] = "Solo %s, que abrió la partida, o un admin puede empezarla.",
    [MSG_NEED_PLAYERS] = "Hacen falta al menos 2 jugadores: los demás pueden escribir "
                         "%1$sunirse, o %1$sbot añade un jugador automático.",
    [MSG_ONLY_CREATOR_STOP] = "Solo %s, que abrió la partida, o un admin puede pararla.",
    [MSG_GAME_STOPPED] = "%s para la partida; sin resultado.",
    [MSG_LOBBY_STOPPED] = "%s cierra la partida antes de empezar.",
    [MSG_LOBBY_STATUS] = "Esperando para empezar (%s): %s (%d/6). %s",
    [MSG_RULES_1] =
        "Durak (%s), 36 cartas del 6 al as: el palo de la carta bajo el mazo es el triunfo y el "
        "triunfo más bajo ataca primero. Cubre cada carta de ataque con una más alta de su palo o "
        "con cualquier triunfo, o recoge: te llevas toda la mesa.",
    [MSG_RULES_2_ALL] = "Cuando todo está cubierto, los demás jugadores pueden añadir "
                        "cartas de un valor que ya esté en la mesa: como mucho 6 por "
                        "ataque%s, y nunca más de las que tenía el defensor.",
    [MSG_RULES_2_NEIGHBOURS] = "Cuando todo está cubierto, los dos vecinos del defensor pueden "
                               "añadir cartas de un valor que ya esté en la mesa: como mucho 6 por "
                               "ataque%s, y nunca más de las que tenía el defensor.",
    [MSG_RULES_FIRST5] = " (5 en el primer ataque)",
    [MSG_RULES_3_TRANSFER] =
        "Antes de cubrir nada, el defensor puede transferir: añade una carta del mismo valor y "
        "defiende el jugador siguiente. Tras cada ataque todos sacan del mazo hasta tener 6; "
        "cuando se acaba el mazo, quien no tiene cartas sale; el último con cartas es el durak.",
    [MSG_RULES_3_CLASSIC] =
        "Tras cada ataque todos sacan del mazo hasta tener 6; cuando se acaba el mazo, quien no "
        "tiene cartas sale; el último con cartas es el durak.",
    [MSG_HELP_1] =
        "Comandos: %1$sdurak [clásico|transferencia] [todos|vecinos] [cinco] [parejas] abre una "
        "partida (quién añade: todos o los vecinos; cinco: 5 cartas en el primer ataque; parejas: "
        "por parejas) · %1$sunirse te sienta, %1$ssalir te levanta (en partida, pierdes) · "
        "%1$sempezar reparte, "
        "%1$sparar detiene · %1$srevancha (u %1$sotra) tras una partida: los mismos jugadores · "
        "%1$sbot [fácil|medio|difícil|experto] sienta un jugador automático · %1$smesa, %1$sreglas "
        "· %1$sestadísticas [nick], %1$sclasificación [n] (o %1$sranking), %1$súltima · %1$smirar, "
        "%1$sdejar de mirar · %1$sayuda "
        "[comandos|jugadas|cartas|bots|estadísticas|solo|equipos|reglas].",
    [MSG_HELP_2] =
        "Juega por mensaje privado a %s: juego 7♥, cubro 9♥ 7♥, recojo (o me llevo), "
        "paso, transfiero 7♦, mano, jugadas; las cartas se escriben {7♥, 10♠, Q♦ "
        "o }7co, 10p, Qd · ajustes muestra tus ajustes · idioma: idioma es o set language es "
        "(otros: язык ru, langue fr, language en).",
    [MSG_NO_GAME_HERE] = "No hay partida en %s: abre una con %sdurak.",
    [MSG_PRIVATE_ONLY] = "Las jugadas van por mensaje privado: /msg %s %s",
    [MSG_NO_MOVES] = "Ahora no tienes jugadas: %s.",
    [MSG_NO_MOVES_NEIGHBOURS] = "Ahora no tienes jugadas: %s. En esta partida solo añaden cartas "
                                "los vecinos del defensor: %s.",
    [MSG_NO_MOVES_PARTNER] = "Ahora no tienes jugadas: %s. Tu pareja, %s, defiende este ataque, "
                             "así que no le añades cartas.",
    [MSG_DECIDE_LEAD] = "%s elige con qué carta atacar",
    [MSG_DECIDE_DEFEND] = "%s decide si cubre %s o recoge",
    [MSG_DECIDE_DEFEND_TRANSFER] = "%s decide si cubre %s, recoge o transfiere",
    [MSG_DECIDE_THROWIN] = "%s decide si añade una carta",
    [MSG_DECIDE_TAKING] = "%s decide si le añade cartas a %s, que recoge",
    [MSG_YOUR_MOVES] = "Tus jugadas: %s",
    [MSG_ERR_NOT_IN_HAND] = "No tienes %s: escribe mano para ver tus cartas.",
    [MSG_ERR_ON_TABLE] = "%s está en la mesa, no en tu mano: cúbrela con una carta tuya, por "
                         "ejemplo %s.",
    [MSG_ERR_ON_TABLE_TAKE] = "%s está en la mesa, no en tu mano, y ninguna carta tuya la cubre: "
                              "recoge, o escribe jugadas.",
    [MSG_ERR_DOES_NOT_BEAT_TRUMP] = "%s no gana a %s: juega un triunfo más alto, o recoge.",
    [MSG_ERR_DOES_NOT_BEAT] = "%s no gana a %s: juega una carta de %s más alta o un triunfo, o "
                              "recoge.",
    [MSG_ERR_DOES_NOT_BEAT_NONE] = "%s no gana a %s, y ninguna carta tuya la cubre: recoge, o "
                                   "escribe jugadas.",
    [MSG_ERR_NO_TARGET] = "%s no es una carta sin cubrir de la mesa: escribe jugadas para ver "
                          "qué cubrir.",
    [MSG_ERR_RANK] = "%s no se puede añadir: solo valores que ya están en la mesa (o "
                     "escribe paso).",
    [MSG_ERR_FULL] = "No se pueden añadir más cartas a este ataque: escribe paso.",
    [MSG_ERR_NO_TRANSFER_VARIANT] =
        "Esta partida es durak clásico, sin transferencias; te toca: %s.",
    [MSG_ERR_TRANSFER_COVERED] =
        "No se puede transferir con una carta ya cubierta: cubre o recoge.",
    [MSG_ERR_TRANSFER_RANK] = "%s no sirve para transferir: hace falta el valor de las cartas de "
                              "ataque.",
    [MSG_ERR_TRANSFER_TOO_MANY] = "No se puede transferir: %s no podría responder a tantas cartas; "
                                  "cubre o recoge.",
    [MSG_ERR_TRANSFER_NOBODY] =
        "No se puede transferir: no queda nadie a quien pasar el ataque; cubre o recoge.",
    [MSG_ERR_WRONG_PHASE] = "Esa jugada no es posible ahora; te toca: %s. Tus jugadas: %s",
    [MSG_ERR_BEAT_WHICH] = "Di qué carta debe cubrir %s: %s",
    [MSG_TOO_LATE] = "Demasiado tarde: se acabó tu tiempo para añadir una carta, así que pasaste "
                     "y la partida siguió.",
    [MSG_ERR_CARD_NO_MOVE] = "%s no es una jugada ahora. Tus jugadas: %s",
    [MSG_ERR_CARD_AMBIGUOUS] = "%s puede significar %s: escribe la jugada completa.",
    [MSG_ERR_NO_TRUMP] = "No tienes triunfos: escribe mano para ver tus cartas.",
    [MSG_ERR_TRUMP_NO_MOVE] = "Ningún triunfo es una jugada ahora. Tus jugadas: %s",
    [MSG_WORD_A_TRUMP] = "Un triunfo",
    [MSG_PRIVATE_HELP_1] =
        "Jugadas: juego X (atacar o añadir), cubro X [Y] (cubrir Y con X), recojo (o me llevo), "
        "paso, transfiero X · basta una carta o un valor solo (7co, 7) cuando solo puede ser una "
        "jugada · mano muestra tus cartas, jugadas tus jugadas posibles%s.",
    [MSG_HELP_HINT] = ", pista un consejo",
    [MSG_HELP_HINT_SOLO] = ", pista un consejo en una partida privada contra automáticos",
    [MSG_PRIVATE_HELP_2] =
        "Cartas: un valor 6 7 8 9 10 J Q K A y un palo p t d co{ o ♠ ♣ ♦ ♥}, "
        "p. ej. 7co, 10p, Qd · "
        "las partidas se abren y se empiezan en un canal; en solitario contra automáticos: jugar "
        "[fácil|medio|difícil] [2-6] (ayuda solo) · ajustes muestra tus ajustes · idioma: idioma "
        "es o "
        "set language es (otros: язык ru, langue fr, language en).",
    [MSG_NOT_IN_GAME] = "No estás en ninguna partida: abre una en un canal con %sdurak, únete "
                        "a una con %sunirse, o juega aquí contra la máquina: jugar.",
    [MSG_NOT_STARTED] = "La partida aún no ha empezado: %s puede empezarla con %sempezar en "
                        "%s.",
    [MSG_SEAT_HELD] = "El sitio de %s en %s está reservado para su jugador, que se sentó "
                      "desde otra dirección o cuenta: para el bot eres otra persona, así "
                      "que juega con tu propio nick.",
    [MSG_CHANNEL_ONLY] = "%s es un comando del canal: escríbelo en %s.",
    [MSG_REJOINED] = "%s · %s ha vuelto y sigue jugando.",
    [MSG_AWAY] = "%s se fue; su sitio se guarda %d %s.",
    [MSG_AWAY_TEAM] = "%s se fue; su sitio se guarda %d %s, y si no vuelve, su equipo pierde.",
    [MSG_AWAY_BOT_NAME] = "%s ahora se llama %s, un nick reservado a los jugadores automáticos: su "
                          "sitio se guarda %d %s, y cualquier otro nick se lo devuelve.",
    [MSG_AWAY_TOLD] = "Ya no estás en %s, donde juegas: tu sitio se guarda %d %s; vuelve a entrar "
                      "para seguir, o pierdes por abandono.",
    [MSG_AWAY_TOLD_TEAM] = "Ya no estás en %s, donde juegas: tu sitio se guarda %d %s; vuelve a "
                           "entrar para seguir, o pierdes por abandono y tu equipo pierde.",
    [MSG_LOBBY_TIMEOUT] = "Nadie empezó la partida a tiempo, así que se cierra: abre una "
                          "nueva con %sdurak.",
    [MSG_TURN_WARNING] = "Rápido: tiempo para tu jugada en %3$s: %1$d %2$s; %4$s",
    [MSG_WARN_FORFEIT] = "otro tiempo agotado y pierdes la partida.",
    [MSG_WARN_FORFEIT_TEAM] = "otro tiempo agotado y pierdes la partida, y tu equipo con ella.",
    [MSG_WARN_AUTO] = "si se acaba el tiempo, juego por ti: %s.",
    [MSG_TIMED_OUT_MOVED] = "Se acabó el tiempo en %s: jugué por ti: %s.",
    [MSG_FORFEIT_YOU] = "%2$s en %1$s",
    [MSG_UNMUTED] = "El canal vuelve a aceptar mis líneas; la partida sigue, cada uno con el "
                    "tiempo que tenía. %s",
    [MSG_BACK_LAST_MOVE] = "Última jugada: %s.",
    [MSG_RESUMED] = "La conexión ha vuelto; la partida sigue. %s",
    [MSG_BACK_IN] = "Vuelvo a estar en el canal; la partida sigue, cada uno con el tiempo que "
                    "tenía. %s",
    [MSG_STALLED] = "El servidor no respondió durante %d %s; la partida sigue, cada uno con el "
                    "tiempo que tenía. %s",
    [MSG_RESTORED] = "He vuelto tras un reinicio; la partida sigue. %s",
    [MSG_ENDED_UNSAID] = "He vuelto tras un reinicio; la partida n.º %d había terminado antes "
                         "de que salieran sus últimas líneas: %s.",
    [MSG_LOBBY_SEAT_KEPT] = "Sigues teniendo tu sitio en la partida de %s, que aún no ha "
                            "empezado: %s. %s",
    [MSG_LOBBY_RESTORED] = "He vuelto tras un reinicio; seguimos esperando para empezar: %s "
                           "(%d/6). %s",
    [MSG_STATS] = "%s: %d %s; primero en salir: %d, durak: %d, empates: %d, abandonos: %d%s; "
                  "puntuación en canales %d.",
    [MSG_STATS_TEAMS] = "; en equipo: ganadas %d, perdidas %d",
    [MSG_STATS_NONE] = "Aún no hay partidas registradas de %s.",
    [MSG_RESULTS_WAIT] =
        "Los resultados de las últimas partidas esperan a guardarse: aún no se cuentan aquí.",
    [MSG_TOP] = "Mejores jugadores (puntuación en canales, partidas): %s",
    [MSG_TOP_AT_MOST] = " · aquí solo los %d primeros",
    [MSG_TOP_NONE] = "Aún no hay partidas de canal registradas: juega una con %sdurak.",
    [MSG_NO_STATS] = "No se guardan estadísticas: el bot no tiene base de datos (mira su "
                     "registro).",
    [MSG_BOT_LOBBY_ONLY] = "Los jugadores automáticos se sientan antes de empezar: cuando acabe "
                           "esta, %1$srevancha o %1$sdurak abre la siguiente.",
    [MSG_ONLY_CREATOR_BOT] = "Solo %s, que abrió la partida, o un admin puede sentar jugadores "
                             "automáticos.",
    [MSG_BOT_NONE] = "No hay ningún jugador automático sentado: añade uno con %sbot "
                     "fácil|medio|difícil|experto.",
    [MSG_BOT_REMOVED] = "%s se va: %s (%d/6).",
    [MSG_BOT_ADDED] = "El jugador automático %s se sienta: %s (%d/6). %s",
    [MSG_REPLACED] = "%s; %s ocupa el sitio · %s",
    [MSG_ONLY_BOTS_LEFT] = "%s. Solo quedan jugadores automáticos, así que la partida termina "
                           "aquí.",
    [MSG_RESULT_REPEAT] = "Fin de la partida: empate, nadie es el durak: se repitió la misma "
                          "posición sin que saliera ninguna carta (regla R16).",
    [MSG_RESULT_QUIET] = "Fin de la partida: empate, nadie es el durak: 128 ataques seguidos "
                         "sin que saliera ninguna carta (regla R16).",
    [MSG_CHANNEL_DROPPED] = "Ya no atiendo este canal (cambió mi configuración), así que la "
                            "partida termina sin resultado.",
    [MSG_STORE_FULL] = "Los resultados no se guardan: el disco está lleno (los conservo y "
                       "lo vuelvo a intentar; avisa a un admin).",
    [MSG_STORE_READONLY] = "Los resultados no se guardan: no se puede escribir en la base de "
                           "datos (los conservo y lo vuelvo a intentar; avisa a un admin).",
    [MSG_STORE_LOCKED] = "Los resultados no se guardan: otro programa tiene bloqueada la "
                         "base de datos (los conservo y lo vuelvo a intentar; avisa a un "
                         "admin).",
    [MSG_STORE_FAILING] = "Los resultados no se guardan: la base de datos falla (los conservo "
                          "y lo vuelvo a intentar; avisa a un admin).",
    [MSG_STORE_BACK] = "Los resultados vuelven a guardarse; no se perdió ninguno.",
    [MSG_HELP_BOTS] =
        "Jugadores automáticos: antes de empezar, %sbot fácil|medio|difícil|experto sienta uno "
        "(medio por defecto) y %sbot quitar quita el último; solo ven lo que vería un jugador en "
        "su sitio · idioma: idioma es o set language es (otros: язык ru, langue fr, language en).",
    [MSG_HELP_STATS] =
        "%1$sestadísticas [nick] muestra partidas, veces primero en salir, veces durak, empates, "
        "abandonos, partidas ganadas y perdidas en equipo y la puntuación en canales (las partidas "
        "privadas contra automáticos tienen su puntuación en solitario) · %2$sclasificación [n] "
        "los n mejores por puntuación en canales (Elo sobre la clasificación de cada partida; "
        "%2$sclasificación solo: en solitario) · %3$súltima la última partida del canal, con los "
        "comandos que comprueban su reparto · idioma: idioma es o set language es (otros: язык ru, "
        "langue fr, language en).",
    [MSG_HELP_TOPICS] =
        "No hay ayuda sobre «%s»: prueba ayuda con comandos, jugadas, cartas, bots, estadísticas, "
        "solo, equipos o reglas · idioma: idioma es o set language es (otros: язык ru, langue fr, "
        "language en).",
    [MSG_WORD_CLASSIC] = "clásico",
    [MSG_WORD_TRANSFER] = "con transferencia",
    [MSG_WORD_ALL] = "todos",
    [MSG_WORD_NEIGHBOURS] = "los vecinos",
    [MSG_OPTIONS] = "%s, añaden %s%s",
    [MSG_OPTIONS_FIRST5] = ", 5 cartas en el primer ataque",
    [MSG_AWAY_MARK] = " (ausente)",
    [MSG_WORD_YOU] = "tú",
    [MSG_HAND_COUNT] = "%s %d",
    [MSG_NO_CARDS] = "(ninguna)",
    [MSG_EMPTY_TABLE] = "(vacía)",
    [MSG_WORD_SPADE] = "picas",
    [MSG_WORD_CLUB] = "tréboles",
    [MSG_WORD_DIAMOND] = "diamantes",
    [MSG_WORD_HEART] = "corazones",
    [MSG_RESULT_PLACES] = "puestos: %s",
    [MSG_RESULT_FORFEITED] = "abandonos: %s",
    [MSG_RESULT_RATINGS] = "puntuaciones en canales: %s",
    [MSG_RESULT_AGAIN] = "%srevancha para jugar otra",
    [MSG_AGAIN_OPEN] = "Revancha: %s. Empieza cuando cada uno haya escrito %srevancha "
                       "(esperamos a %s), o cuando %s escriba %sempezar.",
    [MSG_AGAIN_ELSEWHERE] = "Fuera de la revancha: %s, en otra partida ahora (%sunirse aquí cuando "
                            "termine).",
    [MSG_AGAIN_AGREED] = "%s se apunta a la revancha; esperamos a %s.",
    [MSG_AGAIN_NOT_PLAYER] = "Solo los jugadores de la última partida de %s pueden pedir la "
                             "revancha: abre una nueva con %sdurak.",
    [MSG_AGAIN_NONE] = "No hay partida terminada que repetir en %s: abre una con %sdurak.",
    [MSG_STOP_VOTE] = "%s quiere parar la partida (sin resultado): de momento %d de %d de "
                      "acuerdo; más de la mitad debe escribir %sparar en 30 segundos.",
    [MSG_STOP_VOTED_ALREADY] = "Ya pediste parar: de momento %d de %d de acuerdo.",
    [MSG_STOP_VOTE_FAILED] = "No hubo suficientes jugadores de acuerdo, así que la partida "
                             "sigue.",
    [MSG_STOP_AGREED] = "Los jugadores acordaron parar la partida; sin resultado.",
    [MSG_NOBODY_BACK] = "Ningún jugador volvió a tiempo, así que la partida termina sin resultado.",
    [MSG_STOP_NOT_SEATED] = "Solo los jugadores de la partida (o un admin) pueden pararla; "
                            "escribe %ssalir si tienes sitio y quieres salir.",
    [MSG_HELP_SHORT] =
        "%1$s: %2$sdurak abre una partida, %2$sunirse te sienta, %2$sempezar reparte; se juega por "
        "mensaje privado a %3$s · más: %2$sayuda comandos, jugadas, cartas, bots, estadísticas, "
        "solo, equipos o reglas · a solas contra la máquina: /msg %3$s jugar · idioma: /msg %3$s "
        "idioma es o set language es (otros: язык ru, langue fr).",
    [MSG_HELP_SENT] = "%s: la ayuda sobre %s te llega por mensaje privado.",
    [MSG_MOVE_IN_CHANNEL] = "%s: las jugadas van por mensaje privado: /msg %s %s",
    [MSG_SET_DONE] = "Guardado. ",
    [MSG_SET_SHOW] =
        "%sTus ajustes: mensajes privados %s, colores: %s, línea de turno: %s, idioma: %s, tu nick "
        "en las páginas web: %s · para cambiar: ajustes privado (por mensaje privado) o ajustes "
        "notice (por notice) · ajustes colores sí o no · ajustes turno sí o no (línea de turno) · "
        "ajustes sitio sí o no (páginas web) · idioma es (en, ru, fr).",
    [MSG_SET_BAD] = "«%s» no es un ajuste: escribe ajustes privado o ajustes notice, ajustes "
                    "colores sí o no, ajustes turno sí o no (línea de turno), ajustes sitio sí o "
                    "no (páginas web), o idioma es.",
    [MSG_WORD_CARDS_ONE] = "carta",
    [MSG_WORD_CARDS_FEW] = "cartas",
    [MSG_WORD_CARDS_MANY] = "cartas",
    [MSG_WORD_GAMES_ONE] = "partida",
    [MSG_WORD_GAMES_FEW] = "partidas",
    [MSG_WORD_GAMES_MANY] = "partidas",
    [MSG_WORD_SECONDS_ONE] = "segundo",
    [MSG_WORD_SECONDS_FEW] = "segundos",
    [MSG_WORD_SECONDS_MANY] = "segundos",
    [MSG_WORD_MINUTES_ONE] = "minuto",
    [MSG_WORD_MINUTES_FEW] = "minutos",
    [MSG_WORD_MINUTES_MANY] = "minutos",
    [MSG_WORD_PRIVATE_GAMES_ONE] = "partida privada",
    [MSG_WORD_PRIVATE_GAMES_FEW] = "partidas privadas",
    [MSG_WORD_PRIVATE_GAMES_MANY] = "partidas privadas",
    [MSG_CMD_PLAY] = "juego",
    [MSG_CMD_BEAT] = "cubro",
    [MSG_CMD_TAKE] = "recojo",
    [MSG_CMD_PASS] = "paso",
    [MSG_CMD_TRANSFER] = "transfiero",
    [MSG_RANK_J] = "J",
    [MSG_RANK_Q] = "Q",
    [MSG_RANK_K] = "K",
    [MSG_RANK_A] = "A",
    [MSG_SUIT_LETTER_SPADE] = "p",
    [MSG_SUIT_LETTER_CLUB] = "t",
    [MSG_SUIT_LETTER_DIAMOND] = "d",
    [MSG_SUIT_LETTER_HEART] = "co",
    [MSG_CARD_OR] = "%s o %s",
    [MSG_LANG_NAME] = "español",
    [MSG_SET_LANGUAGE] = "Guardado: tus mensajes privados ahora van en %s.",
    [MSG_SET_LANG_BAD] =
        "«%s» no es un idioma que hable: escribe idioma es, en, ru o fr (o set language es).",
    [MSG_HELP_CARDS] =
        "Cartas: valores 6 7 8 9 10 J (jota) Q (reina) K (rey, también R) A (as); palos p picas"
        "{ ♠}, t tréboles{ ♣}, d diamantes{ ♦}, co corazones{ ♥}; p. ej. 7♥, 10p, Qd, Kco, o "
        "con palabras: sota de espadas · un valor solo (juego 7) o un triunfo (cubro triunfo, "
        "cubro 7co triunfo): tu "
        "mano elige la carta, y pregunto si valen dos · idioma: idioma es o set language es "
        "(otros: язык "
        "ru, langue fr, language en).",
    [MSG_SET_DEFAULT] = "por defecto",
    [MSG_SET_LANG_NONE] = "sin elegir: el de las palabras que escribes",
    [MSG_CMD_DURAK] = "durak",
    [MSG_CMD_JOIN] = "unirse",
    [MSG_CMD_LEAVE] = "salir",
    [MSG_CMD_START] = "empezar",
    [MSG_CMD_STOP] = "parar",
    [MSG_CMD_TABLE] = "mesa",
    [MSG_CMD_RULES] = "reglas",
    [MSG_CMD_HELP] = "ayuda",
    [MSG_CMD_BOT] = "bot",
    [MSG_CMD_STATS] = "estadísticas",
    [MSG_CMD_TOP] = "clasificación",
    [MSG_CMD_AGAIN] = "revancha",
    [MSG_CMD_HAND] = "mano",
    [MSG_CMD_MOVES] = "jugadas",
    [MSG_TOPIC_COMMANDS] = "comandos",
    [MSG_TOPIC_MOVES] = "jugadas",
    [MSG_TOPIC_CARDS] = "cartas",
    [MSG_TOPIC_BOTS] = "bots",
    [MSG_TOPIC_STATS] = "estadísticas",
    [MSG_OPTIONS_TEAMS] = ", por parejas",
    [MSG_TEAMS_SEATS] = "%s; parejas: %s",
    [MSG_TEAMS_NEED_4_OR_6] =
        "Una partida por parejas necesita 4 o 6 jugadores, con los compañeros frente a frente, no "
        "%d: otros pueden escribir %sunirse, o añade un jugador automático con %sbot.",
    [MSG_RESULT_TEAM_LOST] = "Pierde la pareja %s; ganan %s.",
    [MSG_RESULT_ONE_TEAM] =
        "Fin de la partida: solo quedan %s, y los compañeros nunca juegan entre sí.",
    [MSG_RESULT_TEAM_FORFEIT] =
        "Fin de la partida: abandono de %s, y eso termina en el acto una partida por parejas.",
    [MSG_HELP_TEAMS] = "Equipos: %1$sdurak equipos abre una partida de 4 o 6 jugadores en equipos "
                       "de dos, compañeros según el orden en que se sientan; con 4 o 6 sentados, "
                       "la mesa nombra los equipos.",
    [MSG_RULES_TEAMS] =
        "Por parejas: los compañeros se sientan frente a frente (1.º+3.º y 2.º+4.º en unirse; con "
        "6: 1.º+4.º, 2.º+5.º, 3.º+6.º) y nunca juegan entre sí: defiende el siguiente rival, y el "
        "compañero del defensor nunca añade. Pierde la pareja del durak, y también la que se queda "
        "sola; quien se va termina la partida y su pareja pierde.",
    [MSG_SOLO_WHERE] = "tu partida privada",
    [MSG_SOLO_WHERE_OTHER] = "una partida privada",
    [MSG_SOLO_RESTORED_ASK] = "He vuelto tras un reinicio y tu partida privada te espera: "
                              "escríbeme mano (o tu jugada) para seguir.",
    [MSG_SOLO_ALREADY] = "Ya tienes una partida privada: sigue jugando (jugadas muestra tus "
                         "opciones) o termínala con /msg %s parar (cuenta como abandono).",
    [MSG_SOLO_UNKNOWN] = "No sé quién eres (ni cuenta ni dirección), y una partida privada tiene "
                         "que seguirte: inténtalo de nuevo en un momento.",
    [MSG_SOLO_FULL] = "Hay demasiadas partidas privadas en curso: inténtalo más tarde.",
    [MSG_SOLO_CAPPED] = "Has empezado %d %s en la última hora, el máximo permitido: la siguiente "
                        "podrá empezar dentro de %d %s. Mientras tanto, las partidas de los "
                        "canales siguen abiertas para ti (%sdurak, %sunirse).",
    [MSG_SOLO_STOP_OUT] = "Fin de la partida: la paras después de salir; la partida de los "
                          "jugadores automáticos queda sin decidir.",
    [MSG_SOLO_FORFEIT] = "Fin de la partida: dejas la partida privada y abandonas.",
    [MSG_SOLO_FORFEIT_WHY] = "Fin de la partida: %s.",
    [MSG_SOLO_NO_GAME] =
        "No tienes ninguna partida privada que parar: empieza una con /msg %s jugar.",
    [MSG_SOLO_AGAIN] = "otra: /msg %s jugar",
    [MSG_STATS_SOLO] = "%s en solitario contra jugadores automáticos: %d %s; primero en salir: %d, "
                       "durak: %d, empates: %d, abandonos: %d; puntuación en solitario %d.",
    [MSG_STATS_BOT_SOLO] = "%s en partidas privadas contra personas: %d %s; primero en salir: %d, "
                           "durak: %d, empates: %d, abandonos: %d; puntuación en solitario %d.",
    [MSG_TOP_SOLO] =
        "Mejores jugadores en solitario contra automáticos (puntuación en solitario, partidas): %s",
    [MSG_TOP_SOLO_NONE] =
        "Todavía no hay partidas privadas registradas: empieza una con /msg %s jugar.",
    [MSG_TOP_BOTS] = "Mejores jugadores automáticos (puntuación, partidas): %s",
    [MSG_TOP_BOTS_NONE] = "Ningún jugador automático ha jugado aún en un canal: sienta uno con "
                          "%sbot antes de empezar.",
    [MSG_HELP_SOLO] =
        "En solitario: /msg %s jugar [clásico|transferencia] [fácil|medio|difícil] "
        "[2-6] te reparte una partida privada contra jugadores automáticos%s (parar la "
        "termina, %sclasificación solo los ordena) · %smirar en un canal te envía "
        "las líneas públicas de su partida, %sdejar de mirar lo detiene · idioma: "
        "idioma es o set language es (otros: язык ru, langue fr, language en).",
    [MSG_HELP_SOLO_CAP] = ", como máximo %d por hora",
    [MSG_WATCH_ON] = "Miras la partida de %s. Mientras estés en %s y leas su idioma, ves allí sus "
                     "líneas; si sales o eliges otro idioma, te llegan aquí, nunca una mano, hasta "
                     "%sdejar de mirar, el final de la partida o que salgas de IRC.",
    [MSG_WATCH_ON_HERE] = "Miras la partida de %s. Lees otro idioma que el suyo, así que sus "
                          "líneas te llegan aquí, en el tuyo, nunca una mano, hasta %sdejar de "
                          "mirar, el final de la partida o que salgas de IRC.",
    [MSG_WATCH_LINE] = "[%s] %s",
    [MSG_WATCH_OFF] = "Ya no miras la partida de %s.",
    [MSG_WATCH_NOT] = "No estás mirando la partida de %s: escribe %smirar para empezar.",
    [MSG_WATCH_NONE] = "No estás mirando ninguna partida: escribe %smirar en el canal de una "
                       "partida para empezar.",
    [MSG_WATCH_SEATED] = "Juegas en la partida de %s, así que no puedes mirarla: sus líneas y tu "
                         "mano te llegan de todos modos.",
    [MSG_WATCH_FULL] = "La partida de %s ya tiene %d espectadores, el máximo: inténtalo más tarde.",
    [MSG_WATCH_ALREADY] = "Ya miras la partida de %s (%sdejar de mirar para parar).",
    [MSG_WATCH_NO_CARDS] = "Miras la partida de %s y no tienes cartas en ella: jugadas, manos y "
                           "consejos son de sus jugadores (%sdejar de mirar para parar).",
    [MSG_DEAL_FINGERPRINT] =
        "Huella del reparto: %s (SHA-256 de su semilla y su sal, que se muestran al final).",
    [MSG_DEAL_REVEAL] = "Reparto: seed=%s salt=%s · comprobar la huella: printf '%%s' '%s' | "
                        "sha256sum · las manos repartidas: printf '%s\\nstate\\n' | durak-cli",
    [MSG_LAST_GAME] = "Última partida n.º %d (%s, %d jugadores, %d min): %s · su reparto: printf "
                      "'%%s' '%s' | sha256sum da la huella anunciada al empezar · printf "
                      "'%s\\nstate\\n' | durak-cli reparte de nuevo sus manos",
    [MSG_LAST_NONE] = "Todavía no hay ninguna partida terminada en %s; abre una con %sdurak.",
    [MSG_LAST_STORE] = "Ahora no se pueden leer los registros de partidas (la base de datos de "
                       "estado no está disponible); inténtalo más tarde.",
    [MSG_LAST_DURAK] = "durak: %s",
    [MSG_LAST_DRAW] = "empate",
    [MSG_LAST_WON] = "gana %s por abandono",
    [MSG_LAST_SHARED] = "%s comparten la victoria por abandono",
    [MSG_LAST_PLACE] = "%s: puesto %d",
    [MSG_LAST_LEFT] = "%s se fue",
    [MSG_HINT_ONLY] = "pista: %s — es tu única jugada.",
    [MSG_HINT_TAKE_CANNOT] = "pista: %s — nada de tu mano cubre %s.",
    [MSG_HINT_TAKE_TRUMPS] = "pista: %s — solo un triunfo cubre %d de ellas (tienes %d), y un "
                             "triunfo vale más guardado; cartas sin cubrir: %d.",
    [MSG_HINT_TAKE_MANY] = "pista: %s — cartas sin cubrir: %d; cartas que aún pueden añadirse: %d.",
    [MSG_HINT_BEAT_TRUMP] =
        "pista: %s — no tienes una carta de %s más alta, así que solo la cubre un triunfo.",
    [MSG_HINT_BEAT_LOWEST] = "pista: %s — la carta más baja de tu mano que la cubre.",
    [MSG_HINT_BEAT_KEEPS] =
        "pista: %s — tu carta más baja que también cubre, %s, se queda en tu mano.",
    [MSG_HINT_LEAD_PAIR] =
        "pista: %s — tienes más cartas de ese valor para añadir después (%d en total).",
    [MSG_HINT_LEAD_LOWEST] = "pista: %s — tu carta más barata.",
    [MSG_HINT_LEAD_KEEPS] = "pista: %s — tu carta más barata, %s, se guarda para después.",
    [MSG_HINT_ADD] = "pista: %s — su valor está en la mesa (cartas en la mano de %s: %d).",
    [MSG_HINT_ADD_TAKING] = "pista: %s — %s se lleva las cartas, así que esta se va con ellas.",
    [MSG_HINT_PASS] = "pista: %s — cartas que podrías añadir: %d, de ellas triunfos: %d.",
    [MSG_HINT_TRANSFER] = "pista: %s — pasas %d %s a %s (cartas en su mano: %d).",
    [MSG_HINT_OFF] = "Las pistas están desactivadas en este servidor.",
    [MSG_HINT_NOT_YOUR_TURN] =
        "Una pista es para tu turno en %s: vuelve a pedirla cuando te toque.",
    [MSG_HINT_PENDING] = "Tu pista se está calculando: llega en un momento.",
    [MSG_RESULT_HINTS] = "pistas pedidas: %s",
    [MSG_TOPIC_SOLO] = "solo",
    [MSG_TOPIC_TEAMS] = "equipos",
    [MSG_WORD_VS] = " contra ",
    [MSG_WORD_AND] = " y ",
    [MSG_WORD_SEMICOLON] = "; ",
    [MSG_NICK_REFUSED] = "Soy %s, no %s: NickServ rechazó mi contraseña, así que los servicios me "
                         "cambiaron el nick y me quedo callado. Corrige irc.nickserv_password (o "
                         "SASL) en mi configuración y envíame SIGHUP.",
    [MSG_BOT_QUIT] = "durakbot se apaga",
    [MSG_CMD_LAST] = "última",
    [MSG_CMD_WATCH] = "mirar",
    [MSG_CMD_UNWATCH] = "dejar de mirar",
    [MSG_CMD_HINT] = "pista",
    [MSG_LEAVE_ASK_TEAM] = "Salir de la partida de %s es un abandono, y tu equipo pierde la "
                           "partida al momento: escribe otra vez %ssalir en %d s para salir.",
    [MSG_STOP_ASK_ALONE] = "Eres la única persona en esta partida: pararla es un abandono, una "
                           "derrota en tu clasificación, como salir. Escribe %s otra vez en %d s "
                           "para parar.",
    [MSG_SOLO_STOP_ASK] = "Parar ahora cuenta como derrota en tu clasificación de partidas "
                          "privadas: escribe %s otra vez en %d s para parar.",
    [MSG_LEAVE_OUT] =
        "Ya saliste de la partida de %s: tu puesto se mantiene, no hay nada que dejar.",
    [MSG_ALREADY_PLAYING] = "Ya juegas en la partida de %s (%s): termínala, o escribe antes "
                            "%ssalir allí (cuenta como abandono).",
    [MSG_PLAY_SEATED] =
        "Ya juegas en %s: una jugada lleva su carta, p. ej. %s (%s muestra tus jugadas).",
    [MSG_PLAY_SEATED_SOLO] =
        "Ya juegas en %s: una jugada lleva su carta, p. ej. %s (%s muestra tus jugadas; %s "
        "termina la partida, como derrota).",
    [MSG_RESULT_RATINGS_SOLO] = "tu puntuación en solitario: %s",
    [MSG_HINT_SOLO_ONLY] = "Aquí las pistas son solo para partidas privadas contra jugadores "
                           "automáticos: /msg %s jugar empieza una.",
    [MSG_WORD_NOTICE] = "por notice",
    [MSG_WORD_PRIVMSG] = "por mensaje privado",
    [MSG_WORD_ON] = "sí",
    [MSG_WORD_OFF] = "no",
    /* the lines about a player said to that player alone, as "you" (messages_you.def) */
    [MSG_MOVE_LEAD_YOU] = "Atacas con %s",
    [MSG_MOVE_ADD_YOU] = "Le das además %s",
    [MSG_MOVE_THROW_YOU] = "Añades %s",
    [MSG_MOVE_BEAT_YOU] = "Cubres %s con %s",
    [MSG_MOVE_TAKE_YOU] = "Recoges",
    [MSG_MOVE_TRANSFER_YOU] = "Transfieres con %s a %s",
    [MSG_MOVE_TRANSFER_TO_YOU] = "%s te transfiere con %s",
    [MSG_BOUT_TAKEN_YOU] = "Te llevas %d %s",
    [MSG_TRUMP_DRAWN_YOU] = "Sacas del mazo la última carta, el triunfo %s",
    [MSG_PLAYER_OUT_YOU] = "Sales (puesto %d)",
    [MSG_FORFEIT_LEFT_YOU] = "Dejas la partida y pierdes por abandono",
    [MSG_FORFEIT_TIMEOUTS_YOU] = "Agotaste el tiempo demasiadas veces y pierdes por abandono",
    [MSG_FORFEIT_GONE_YOU] = "No volviste a tiempo y pierdes por abandono",
    [MSG_GAME_START_YOU] = "Durak (%s) empieza: %s. Triunfo: %s. Tienes el triunfo más bajo, %s, "
                           "y atacas primero.",
    [MSG_GAME_START_NO_TRUMP_YOU] = "Durak (%s) empieza: %s. Triunfo: %s. Nadie tiene triunfo, así "
                                    "que atacas tú primero.",
    [MSG_LINE_ACT_YOU] = "Tu turno: %s",
    [MSG_DECIDE_TAKING_YOU] = "%s decide si te añade cartas, ya que recoges",
    [MSG_REJOINED_YOU] = "%s · Has vuelto y sigues jugando.",
    [MSG_RESULT_DURAK_YOU] = "Fin de la partida: ¡tú eres el durak!",
    [MSG_RESULT_HINTS_YOU] = "pistas que pediste: %d",
    [MSG_NOT_STARTED_YOU] = "La partida aún no ha empezado: puedes empezarla con %sempezar en %s.",
};
