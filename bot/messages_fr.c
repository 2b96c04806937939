/* messages_fr.c — the French texts, in the words of the French rule text (atout, défausse, pioche,
 * je ramasse): the commands quoted are the words French players type (bot/parse_words.c). */
#include "messages_tables.h"

const char *const msg_french[MSG_COUNT] = {
    [MSG_TURN_LEAD] = "attaquez avec une carte",
    [MSG_TURN_DEFEND] = "couvrez %s ou ramassez",
    [MSG_TURN_DEFEND_TRANSFER] = "couvrez %s, ramassez ou transférez",
    [MSG_TURN_THROWIN] = "ajoutez une carte d'une valeur déjà sur la table, ou passez",
    [MSG_TURN_TAKING] = "%s ramasse : ajoutez-lui des cartes, ou passez",
    [MSG_LINE_ACT] = "%s : %s",
    [MSG_WAIT_THROWIN] = "d'autres cartes peuvent être ajoutées",
    [MSG_WAIT_ADDING] = "des cartes peuvent encore être données",
    [MSG_STATUS_TRUMP] = "atout %s · ",
    [MSG_STATUS] = "pioche %d · mains %s",
    [MSG_STATUS_TABLE] = "table %s",
    [MSG_YOUR_TURN] = "À vous dans %s : %s — %s · main : %s (atout %s)",
    [MSG_YOUR_LEAD] =
        "À vous dans %s : attaquez avec la carte de votre choix, par ex. %s · main : %s (atout %s)",
    [MSG_YOUR_OPTION] = "Dans %s vous pouvez ajouter : %s ou passe · main : %s (atout %s)",
    [MSG_YOUR_OPTION_TAKING] =
        "Dans %s %s ramasse ; vous pouvez lui donner : %s ou passe · main : %s (atout %s)",
    [MSG_HAND] = "Votre main dans %s : %s (atout %s)",
    [MSG_RESULT_DURAK] = "Partie terminée : %s est le durak !",
    [MSG_RESULT_DRAW] = "Partie terminée : nulle, les derniers joueurs sont sortis "
                        "ensemble, personne n'est le durak.",
    [MSG_RESULT_WON] = "Partie terminée : %s gagne par forfait ; personne n'est le durak.",
    [MSG_RESULT_BOTS_WIN] =
        "Partie terminée : il ne reste que des joueurs ordinateur, qui se partagent la victoire.",
    [MSG_BOUT_TAKEN] = "%s emporte %d %s",
    [MSG_BOUT_BEATEN] = "Défausse",
    [MSG_TRUMP_DRAWN] = "%s pioche la dernière carte, l'atout %s",
    [MSG_PLAYER_OUT] = "%s sort (place %d)",
    [MSG_MOVE_LEAD] = "%s attaque avec %s",
    [MSG_MOVE_ADD] = "%s donne encore %s",
    [MSG_MOVE_THROW] = "%s ajoute %s",
    [MSG_MOVE_BEAT] = "%s couvre %s avec %s",
    [MSG_MOVE_TAKE] = "%s ramasse",
    [MSG_MOVE_TRANSFER] = "%s transfère avec %s à %s",
    [MSG_TIMEOUT_PREFIX] = "Temps écoulé : ",
    [MSG_FORFEIT_LEFT] = "%s quitte la partie : forfait",
    [MSG_FORFEIT_TIMEOUTS] = "%s a dépassé le temps trop souvent : forfait",
    [MSG_FORFEIT_GONE] = "%s n'est pas de retour à temps : forfait",
    [MSG_GAME_START] = "La partie de durak (%s) commence : %s. Atout : %s. %s a le plus petit "
                       "atout, %s, et attaque en premier.",
    [MSG_TRUMP_HELD] = "%s, dans la main de %s",
    [MSG_GAME_START_NO_TRUMP] =
        "Durak (%s) : %s. Atout : %s. Personne n'a d'atout, donc %s attaque en premier.",
    [MSG_GAME_START_HOW] = "Jouez en message privé avec moi (essayez : coups).",
    [MSG_GAME_RUNNING] = "Une partie est en cours dans %s ; attendez la fin (%stable l'affiche).",
    [MSG_GAME_RUNNING_YOURS] = "Votre partie dans %s est déjà en cours (%stable l'affiche).",
    [MSG_LOBBY_EXISTS] = "Une partie est déjà ouverte dans %s (%s) : tapez %srejoindre pour "
                         "prendre place.",
    [MSG_ALREADY_SEATED] = "Vous avez déjà une place à la partie de %s (%s), pas encore commencée "
                           ": pour jouer dans une autre, tapez d'abord %squitter là-bas (ou "
                           "%sarrêter, si c'est vous qui l'avez ouverte).",
    [MSG_NICK_LIKE_BOT] = "Les pseudos finissant par [bot] sont réservés aux joueurs ordinateur : "
                          "changez le vôtre avec /nick pour prendre place.",
    [MSG_ACCOUNT_SEATED] = "Vous avez déjà une place dans %s, sous le pseudo %s (le même compte "
                           "de services) : une place par personne, jouez donc depuis ce pseudo.",
    [MSG_TOO_FAST] = "Trop de commandes d'un coup : attendez %d s, puis recommencez.",
    [MSG_SEAT_HELD_BOT_NAME] =
        "Votre place dans %s est gardée tant que votre pseudo finit par [bot], "
        "comme ceux des joueurs ordinateur : changez-le avec /nick pour "
        "continuer.",
    [MSG_ALREADY_HERE] = "Vous avez déjà une place dans %s (%squitter la libère).",
    [MSG_LOBBY_OPEN] = "%s ouvre une partie de durak (%s) : tapez %srejoindre pour jouer ; "
                       "%s la lance avec %scommencer.",
    [MSG_BOT_FULL] =
        "Six joueurs sont assis : lancez la partie avec %1$scommencer, ou %1$sbot retirer "
        "libère une place.",
    [MSG_LOBBY_FULL] = "La partie de %s est complète (6 joueurs) : attendez la suivante.",
    [MSG_LOBBY_JOINED] = "%s prend place : %s (%d/6). %s",
    [MSG_LOBBY_CAN_START] = "%s peut lancer avec %scommencer.",
    [MSG_LOBBY_CAN_START_2] =
        "%s pourra lancer dès qu'un deuxième joueur aura pris place : "
        "%srejoindre pour s'asseoir, %sbot pour ajouter un joueur ordinateur.",
    [MSG_LOBBY_CAN_START_TEAMS] = "%s pourra lancer quand 4 ou 6 joueurs seront à table (par "
                                  "équipes) : %srejoindre pour s'asseoir, %sbot pour ajouter un "
                                  "joueur ordinateur.",
    [MSG_NOT_SEATED_HERE] = "Vous n'avez pas de place dans %s : tapez %srejoindre pour en "
                            "prendre une.",
    [MSG_WAITS_MUTED] =
        "La partie de %s attend : le salon refuse mes lignes (un mode comme +m ou +c, "
        "ou un ban), donc personne ne verrait votre coup. Elle reprendra, avec le temps "
        "qu'il vous restait, dès qu'il les acceptera.",
    [MSG_WAITS_FOR_BOT] = "La partie de %s attend : je ne suis pas dans le salon (expulsé ou "
                          "tenu dehors), personne ne verrait votre coup. Elle reprend, avec le "
                          "temps que vous aviez, dès mon retour.",
    [MSG_NOT_PLAYING_HERE] = "Vous ne jouez pas dans la partie de %s : rien à quitter "
                             "(%sregarder pour la suivre).",
    [MSG_LOBBY_EMPTY] = "%s s'en va ; il ne reste personne, la partie est fermée.",
    [MSG_LOBBY_LEFT] = "%s s'en va. À table : %s. %s",
    [MSG_ONLY_CREATOR_START] =
        "La partie ne peut être lancée que par %s, qui l'a ouverte, ou par un admin.",
    [MSG_NEED_PLAYERS] = "Il faut au moins 2 joueurs : les autres peuvent taper %1$srejoindre, "
                         "ou %1$sbot ajoute un joueur ordinateur.",
    [MSG_ONLY_CREATOR_STOP] =
        "La partie ne peut être arrêtée que par %s, qui l'a ouverte, ou par un admin.",
    [MSG_GAME_STOPPED] = "%s arrête la partie ; pas de résultat.",
    [MSG_LOBBY_STOPPED] = "%s ferme la partie avant son début.",
    [MSG_LOBBY_STATUS] = "En attente du départ (%s) : %s (%d/6). %s",
    [MSG_RULES_1] = "Durak (%s), 36 cartes du 6 à l'as : la couleur de la carte sous la "
                    "pioche est l'atout, et le plus petit atout attaque en premier. "
                    "Couvrez chaque carte d'attaque par une plus forte de sa couleur ou "
                    "par un atout, ou ramassez toute la table.",
    [MSG_RULES_2_ALL] = "Quand tout est couvert, les autres joueurs peuvent ajouter des "
                        "cartes d'une valeur déjà sur la table : au plus 6 par attaque%s, "
                        "et jamais plus que le défenseur n'avait en main.",
    [MSG_RULES_2_NEIGHBOURS] = "Quand tout est couvert, les deux voisins du défenseur peuvent "
                               "ajouter des cartes d'une valeur déjà sur la table : au plus 6 par "
                               "attaque%s, et jamais plus que le défenseur n'avait en main.",
    [MSG_RULES_FIRST5] = " (5 à la première attaque)",
    [MSG_RULES_3_TRANSFER] = "Avant de couvrir quoi que ce soit, le défenseur peut transférer : "
                             "il pose une carte de même valeur et le joueur suivant défend. "
                             "Après chaque attaque, chacun pioche jusqu'à 6 ; la pioche épuisée, "
                             "qui n'a plus de cartes sort ; le dernier à garder des cartes est "
                             "le durak.",
    [MSG_RULES_3_CLASSIC] = "Après chaque attaque, chacun pioche jusqu'à 6 ; la pioche épuisée, "
                            "qui n'a plus de cartes sort ; le dernier à garder des cartes est "
                            "le durak.",
    [MSG_HELP_1] =
        "Commandes : %1$sdurak [classique|transfert] [tous|voisins] [cinq] [équipes] ouvre une "
        "partie (qui ajoute : tous ou les voisins ; cinq : 5 cartes à la première attaque ; "
        "équipes : par équipes de deux) · %1$srejoindre prend une place, %1$squitter la libère (en "
        "partie : une défaite) · "
        "%1$scommencer distribue, %1$sarrêter arrête · %1$srevanche (ou %1$sencore) après une "
        "partie : les mêmes joueurs · %1$sbot [facile|moyen|difficile|expert] ajoute un joueur "
        "ordinateur · %1$stable, %1$srègles · %1$sstatistiques [pseudo], %1$sclassement [n], "
        "%1$sdernière · %1$sregarder, %1$sne plus regarder · %1$saide "
        "[commandes|coups|cartes|robots|statistiques|solo|équipes|règles].",
    [MSG_HELP_2] =
        "Jouez en message privé à %s : joue 7♥, couvre 9♥ 7♥, ramasse (ou je ramasse), "
        "passe, transfère 7♦, main, coups ; les cartes s'écrivent {7♥, 10♠, D♦ "
        "ou }7co, 10p, Dca · réglages montre vos préférences · langue : langue fr ou set "
        "language fr (autres : язык ru, idioma es, language en).",
    [MSG_NO_GAME_HERE] = "Pas de partie dans %s : ouvrez-en une avec %sdurak.",
    [MSG_PRIVATE_ONLY] = "Les coups se jouent en message privé : /msg %s %s",
    [MSG_NO_MOVES] = "Pas de coup pour vous maintenant : %s.",
    [MSG_NO_MOVES_NEIGHBOURS] =
        "Pas de coup pour vous maintenant : %s. Dans cette partie, seuls les "
        "voisins du défenseur ajoutent des cartes : %s.",
    [MSG_NO_MOVES_PARTNER] = "Pas de coup pour vous maintenant : %s. Votre partenaire %s défend "
                             "cette attaque : vous n'y ajoutez pas de cartes.",
    [MSG_DECIDE_LEAD] = "%s choisit la carte avec laquelle attaquer",
    [MSG_DECIDE_DEFEND] = "%s doit couvrir %s ou ramasser",
    [MSG_DECIDE_DEFEND_TRANSFER] = "%s doit couvrir %s, ramasser ou transférer",
    [MSG_DECIDE_THROWIN] = "%s peut ajouter une carte ou passer",
    [MSG_DECIDE_TAKING] = "%s peut donner des cartes à %s, qui ramasse",
    [MSG_YOUR_MOVES] = "Vos coups : %s",
    [MSG_ERR_NOT_IN_HAND] = "Vous n'avez pas %s : tapez main pour voir vos cartes.",
    [MSG_ERR_ON_TABLE] = "%s est sur la table, pas dans votre main : couvrez-la avec une de vos "
                         "cartes, par exemple %s.",
    [MSG_ERR_ON_TABLE_TAKE] = "%s est sur la table, pas dans votre main, et aucune de vos cartes "
                              "ne la couvre : ramassez, ou tapez coups.",
    [MSG_ERR_DOES_NOT_BEAT_TRUMP] = "%s ne bat pas %s : jouez un atout plus fort, ou ramassez.",
    [MSG_ERR_DOES_NOT_BEAT] = "%s ne bat pas %s : jouez un %s plus fort ou un atout, ou ramassez.",
    [MSG_ERR_DOES_NOT_BEAT_NONE] = "%s ne bat pas %s, et aucune de vos cartes ne la couvre : "
                                   "ramassez, ou tapez coups.",
    [MSG_ERR_NO_TARGET] = "%s n'est pas une carte non couverte sur la table : tapez coups "
                          "pour voir quoi couvrir.",
    [MSG_ERR_RANK] = "%s ne peut pas être ajouté : seules les valeurs déjà sur la table "
                     "le peuvent (ou tapez passe).",
    [MSG_ERR_FULL] = "Plus aucune carte ne peut être ajoutée à cette attaque : tapez passe.",
    [MSG_ERR_NO_TRANSFER_VARIANT] =
        "Cette partie est un durak classique, sans transfert ; à vous : %s.",
    [MSG_ERR_TRANSFER_COVERED] = "Plus de transfert une fois une carte couverte : couvrez ou "
                                 "ramassez.",
    [MSG_ERR_TRANSFER_RANK] = "%s ne permet pas de transférer : il faut la valeur des cartes "
                              "d'attaque.",
    [MSG_ERR_TRANSFER_TOO_MANY] =
        "Pas de transfert : %s ne pourrait pas répondre à autant de cartes ; couvrez ou ramassez.",
    [MSG_ERR_TRANSFER_NOBODY] =
        "Pas de transfert : plus personne à qui passer l'attaque ; couvrez ou ramassez.",
    [MSG_ERR_WRONG_PHASE] = "Ce coup n'est pas possible maintenant ; à vous : %s. Vos coups : %s",
    [MSG_ERR_BEAT_WHICH] = "Dites quelle carte %s doit couvrir : %s",
    [MSG_TOO_LATE] = "Trop tard : votre temps pour ajouter une carte est écoulé, vous avez passé "
                     "et la partie a continué.",
    [MSG_ERR_CARD_NO_MOVE] = "%s n'est pas un coup possible maintenant. Vos coups : %s",
    [MSG_ERR_CARD_AMBIGUOUS] = "%s peut vouloir dire %s : tapez le coup en entier.",
    [MSG_ERR_NO_TRUMP] = "Vous n'avez pas d'atout : tapez main pour voir vos cartes.",
    [MSG_ERR_TRUMP_NO_MOVE] = "Aucun atout n'est un coup possible maintenant. Vos coups : %s",
    [MSG_WORD_A_TRUMP] = "Un atout",
    [MSG_PRIVATE_HELP_1] =
        "Coups : joue X (attaquer ou ajouter), couvre X [Y] (couvrir Y avec X), ramasse (ou je "
        "ramasse), passe, transfère X · une carte ou une valeur seule (7co, 7) suffit si elle ne "
        "dit qu'un coup · main montre vos cartes, coups vos coups possibles%s.",
    [MSG_HELP_HINT] = ", indice un conseil",
    [MSG_HELP_HINT_SOLO] = ", indice un conseil en partie privée contre l'ordinateur",
    [MSG_PRIVATE_HELP_2] =
        "Cartes : une valeur 6 7 8 9 10 V D R A, puis une couleur p t ca co{ ou ♠ ♣ ♦ ♥}, "
        "par ex. "
        "7co, 10p, Dca · les parties s'ouvrent et se rejoignent dans un salon ; seul contre "
        "l'ordinateur : jouer [facile|moyen|difficile] [2-6] (aide solo) · réglages montre vos "
        "réglages · langue : langue fr ou set language fr (autres : язык ru, idioma es, language "
        "en).",
    [MSG_NOT_IN_GAME] = "Vous n'êtes dans aucune partie : ouvrez-en une dans un salon avec "
                        "%sdurak, rejoignez-en une avec %srejoindre, ou jouez ici contre "
                        "l'ordinateur : jouer.",
    [MSG_NOT_STARTED] = "La partie n'a pas encore commencé : %s peut la lancer avec "
                        "%scommencer dans %s.",
    [MSG_SEAT_HELD] = "La place de %s dans %s est gardée pour son joueur, installé depuis "
                      "une autre adresse ou un autre compte : pour le bot vous êtes "
                      "quelqu'un d'autre, jouez sous votre propre pseudo.",
    [MSG_CHANNEL_ONLY] = "%s est une commande de salon : tapez-la dans %s.",
    [MSG_REJOINED] = "%s · %s est de retour et continue.",
    [MSG_AWAY] = "%s a quitté le salon ; sa place est gardée %d %s.",
    [MSG_AWAY_TEAM] = "%s a quitté le salon ; sa place est gardée %d %s, et faute de retour son "
                      "équipe perd.",
    [MSG_AWAY_BOT_NAME] =
        "%s s'appelle maintenant %s, un pseudo réservé aux joueurs ordinateur : sa "
        "place est gardée %d %s, et tout autre pseudo la lui rend.",
    [MSG_AWAY_TOLD] = "Vous n'êtes plus dans %s, où vous jouez : votre place est gardée %d %s ; "
                      "revenez-y pour continuer, sinon vous perdez par forfait.",
    [MSG_AWAY_TOLD_TEAM] =
        "Vous n'êtes plus dans %s, où vous jouez : votre place est gardée %d %s ; "
        "revenez-y pour continuer, sinon vous perdez par forfait et votre "
        "équipe perd.",
    [MSG_LOBBY_TIMEOUT] = "Personne n'a lancé la partie à temps, elle est fermée : ouvrez-en "
                          "une nouvelle avec %sdurak.",
    [MSG_TURN_WARNING] = "Vite : il reste %d %s pour jouer dans %s ; %s",
    [MSG_WARN_FORFEIT] = "encore un dépassement et c'est le forfait.",
    [MSG_WARN_FORFEIT_TEAM] = "encore un dépassement et c'est le forfait : votre équipe perd.",
    [MSG_WARN_AUTO] = "si le temps s'écoule, je joue pour vous : %s.",
    [MSG_TIMED_OUT_MOVED] = "Temps écoulé (%s) : j'ai joué pour vous : %s.",
    [MSG_FORFEIT_YOU] = "%2$s (%1$s)",
    [MSG_UNMUTED] = "Le salon accepte de nouveau mes lignes ; la partie continue, chacun avec le "
                    "temps qu'il avait. %s",
    [MSG_BACK_LAST_MOVE] = "Dernier coup : %s.",
    [MSG_RESUMED] = "La connexion est revenue ; la partie continue. %s",
    [MSG_BACK_IN] = "Je suis de retour dans le salon ; la partie continue, chacun avec le temps "
                    "qu'il avait. %s",
    [MSG_STALLED] = "Le serveur n'a pas répondu pendant %d %s ; la partie continue, chacun avec le "
                    "temps qu'il avait. %s",
    [MSG_RESTORED] = "Je suis de retour après un redémarrage ; la partie continue. %s",
    [MSG_ENDED_UNSAID] = "Je suis de retour après un redémarrage ; la partie n° %d était "
                         "finie avant que ses dernières lignes ne partent : %s.",
    [MSG_LOBBY_SEAT_KEPT] = "Votre place à la partie de %s vous attend, elle n'a pas encore "
                            "commencé : %s. %s",
    [MSG_LOBBY_RESTORED] = "Je suis de retour après un redémarrage ; toujours en attente du "
                           "départ : %s (%d/6). %s",
    [MSG_STATS] = "%s : %d %s ; premier sorti : %d, durak : %d, nulles : %d, forfaits : %d%s ; "
                  "cote en salon %d.",
    [MSG_STATS_TEAMS] = " ; en équipe : gagnées %d, perdues %d",
    [MSG_STATS_NONE] = "Aucune partie enregistrée pour %s.",
    [MSG_RESULTS_WAIT] =
        "Les résultats des dernières parties attendent d'être enregistrés : ils ne "
        "sont pas encore comptés ici.",
    [MSG_TOP] = "Meilleurs joueurs (cote en salon, parties) : %s",
    [MSG_TOP_AT_MOST] = " · seuls les %d premiers ici",
    [MSG_TOP_NONE] = "Aucune partie de salon enregistrée : jouez-en une avec %sdurak.",
    [MSG_NO_STATS] = "Les statistiques ne sont pas tenues : le bot n'a pas de base de "
                     "données (voir son journal).",
    [MSG_BOT_LOBBY_ONLY] = "Les joueurs ordinateur s'ajoutent avant le début : quand celle-ci "
                           "sera finie, %1$srevanche ou %1$sdurak ouvre la suivante.",
    [MSG_ONLY_CREATOR_BOT] = "Seuls %s, qui a ouvert la partie, et les admins ajoutent des joueurs "
                             "ordinateur.",
    [MSG_BOT_NONE] =
        "Aucun joueur ordinateur à table : ajoutez-en un avec %sbot facile|moyen|difficile|expert.",
    [MSG_BOT_REMOVED] = "%s s'en va : %s (%d/6).",
    [MSG_BOT_ADDED] = "Le joueur ordinateur %s prend place : %s (%d/6). %s",
    [MSG_REPLACED] = "%s ; %s prend la place · %s",
    [MSG_ONLY_BOTS_LEFT] = "%s. Il ne reste que des joueurs ordinateur, la partie s'arrête "
                           "donc ici.",
    [MSG_RESULT_REPEAT] = "Partie terminée : nulle, personne n'est le durak : la même "
                          "situation est revenue sans qu'aucune carte ne sorte (règle R16).",
    [MSG_RESULT_QUIET] = "Partie terminée : nulle, personne n'est le durak : 128 attaques de "
                         "suite sans qu'aucune carte ne sorte (règle R16).",
    [MSG_CHANNEL_DROPPED] = "Je ne sers plus ce salon (ma configuration a changé), la partie "
                            "s'arrête sans résultat.",
    [MSG_STORE_FULL] = "Les résultats ne sont pas enregistrés : le disque est plein (je "
                       "les garde et je réessaie ; prévenez un admin).",
    [MSG_STORE_READONLY] = "Les résultats ne sont pas enregistrés : la base de données n'est "
                           "pas accessible en écriture (je les garde et je réessaie ; prévenez "
                           "un admin).",
    [MSG_STORE_LOCKED] = "Les résultats ne sont pas enregistrés : un autre programme "
                         "verrouille la base de données (je les garde et je réessaie ; "
                         "prévenez un admin).",
    [MSG_STORE_FAILING] = "Les résultats ne sont pas enregistrés : la base de données est en "
                          "panne (je les garde et je réessaie ; prévenez un admin).",
    [MSG_STORE_BACK] = "Les résultats sont de nouveau enregistrés ; aucun n'a été perdu.",
    [MSG_HELP_BOTS] = "Joueurs ordinateur : avant le début, %sbot facile|moyen|difficile|expert en "
                      "ajoute un (moyen par défaut) et %sbot retirer retire le dernier ; ils ne "
                      "voient que ce que verrait un joueur à leur place · langue : langue fr ou "
                      "set language fr (autres : язык ru, idioma es, language en).",
    [MSG_HELP_STATS] =
        "%1$sstatistiques [pseudo] montre les parties, les premières sorties, le nombre de fois "
        "durak, les nulles, les forfaits, les parties gagnées et perdues en équipe et la cote en "
        "salon (les parties privées contre l'ordinateur ont leur cote solo) · %2$sclassement [n] "
        "les n meilleurs par cote en salon (Elo sur le classement de chaque partie ; "
        "%2$sclassement solo : parties privées) · %3$sdernière la dernière partie du salon, avec "
        "les commandes qui vérifient sa donne · langue : langue fr ou set language fr (autres : "
        "язык ru, idioma es, language en).",
    [MSG_HELP_TOPICS] =
        "Pas d'aide sur « %s » : essayez aide avec commandes, coups, cartes, "
        "robots, statistiques, solo, équipes ou règles · langue : langue fr ou set language fr "
        "(autres : язык ru, idioma es, language en).",
    [MSG_WORD_CLASSIC] = "classique",
    [MSG_WORD_TRANSFER] = "avec transfert",
    [MSG_WORD_ALL] = "tous",
    [MSG_WORD_NEIGHBOURS] = "les voisins",
    [MSG_OPTIONS] = "%s, %s peuvent ajouter%s",
    [MSG_OPTIONS_FIRST5] = ", 5 cartes à la première attaque",
    [MSG_AWAY_MARK] = " (absent)",
    [MSG_WORD_YOU] = "vous",
    [MSG_HAND_COUNT] = "%s %d",
    [MSG_NO_CARDS] = "(aucune)",
    [MSG_EMPTY_TABLE] = "(vide)",
    [MSG_WORD_SPADE] = "pique",
    [MSG_WORD_CLUB] = "trèfle",
    [MSG_WORD_DIAMOND] = "carreau",
    [MSG_WORD_HEART] = "cœur",
    [MSG_RESULT_PLACES] = "classement : %s",
    [MSG_RESULT_FORFEITED] = "forfaits : %s",
    [MSG_RESULT_RATINGS] = "cotes en salon : %s",
    [MSG_RESULT_AGAIN] = "%srevanche pour rejouer",
    [MSG_AGAIN_OPEN] = "Revanche : %s. Elle commence quand chacun a tapé %srevanche (on "
                       "attend %s), ou quand %s tape %scommencer.",
    [MSG_AGAIN_ELSEWHERE] = "Pas dans la revanche : %s, à une autre partie maintenant (%srejoindre "
                            "ici une fois celle-ci finie).",
    [MSG_AGAIN_AGREED] = "%s veut la revanche ; on attend %s.",
    [MSG_AGAIN_NOT_PLAYER] = "Seuls les joueurs de la dernière partie de %s peuvent demander "
                             "sa revanche : ouvrez-en une nouvelle avec %sdurak.",
    [MSG_AGAIN_NONE] = "Aucune partie terminée à rejouer dans %s : ouvrez-en une avec "
                       "%sdurak.",
    [MSG_STOP_VOTE] = "%s veut arrêter la partie (sans résultat) : %d sur %d d'accord "
                      "pour l'instant ; plus de la moitié doit taper %sarrêter dans les "
                      "30 secondes.",
    [MSG_STOP_VOTED_ALREADY] = "Vous avez déjà demandé l'arrêt : %d sur %d d'accord.",
    [MSG_STOP_VOTE_FAILED] = "Pas assez de joueurs d'accord pour arrêter, la partie continue.",
    [MSG_STOP_AGREED] = "Les joueurs ont décidé d'arrêter la partie ; pas de résultat.",
    [MSG_NOBODY_BACK] = "Aucun joueur n'est revenu à temps : la partie s'arrête sans résultat.",
    [MSG_STOP_NOT_SEATED] = "Seuls les joueurs de la partie (ou un admin) peuvent l'arrêter ; "
                            "tapez %squitter si vous êtes à table et voulez sortir.",
    [MSG_HELP_SHORT] =
        "%1$s : %2$sdurak ouvre une partie, %2$srejoindre prend une place, %2$scommencer distribue "
        "; on joue en message privé à %3$s · plus : %2$saide commandes, coups, cartes, robots, "
        "statistiques, solo, équipes ou règles · seul contre l'ordinateur : /msg %3$s jouer · "
        "langue : /msg %3$s langue fr ou set language fr (autres : язык ru, idioma es).",
    [MSG_HELP_SENT] = "%s : l'aide « %s » vous est envoyée en message privé.",
    [MSG_MOVE_IN_CHANNEL] = "%s : les coups se jouent en message privé : /msg %s %s",
    [MSG_SET_DONE] = "Enregistré. ",
    [MSG_SET_SHOW] =
        "%sVos réglages : messages privés %s, couleurs : %s, ligne de tour : %s, langue : %s, "
        "votre pseudo sur les pages web : %s · pour changer : réglages privé (en message privé) ou "
        "réglages notice (en notice) · réglages couleurs oui ou non · réglages tour oui ou non "
        "(ligne de tour) · réglages site oui ou non (pseudo sur les pages web) · langue fr (en, "
        "ru, es).",
    [MSG_SET_BAD] = "« %s » n'est pas un réglage : tapez réglages privé ou réglages notice, "
                    "réglages couleurs oui ou non, réglages tour oui ou non (ligne de tour), "
                    "réglages site oui ou non (pages web), ou langue fr.",
    [MSG_WORD_CARDS_ONE] = "carte",
    [MSG_WORD_CARDS_FEW] = "cartes",
    [MSG_WORD_CARDS_MANY] = "cartes",
    [MSG_WORD_GAMES_ONE] = "partie",
    [MSG_WORD_GAMES_FEW] = "parties",
    [MSG_WORD_GAMES_MANY] = "parties",
    [MSG_WORD_SECONDS_ONE] = "seconde",
    [MSG_WORD_SECONDS_FEW] = "secondes",
    [MSG_WORD_SECONDS_MANY] = "secondes",
    [MSG_WORD_MINUTES_ONE] = "minute",
    [MSG_WORD_MINUTES_FEW] = "minutes",
    [MSG_WORD_MINUTES_MANY] = "minutes",
    [MSG_WORD_PRIVATE_GAMES_ONE] = "partie privée",
    [MSG_WORD_PRIVATE_GAMES_FEW] = "parties privées",
    [MSG_WORD_PRIVATE_GAMES_MANY] = "parties privées",
    [MSG_CMD_PLAY] = "joue",
    [MSG_CMD_BEAT] = "couvre",
    [MSG_CMD_TAKE] = "ramasse",
    [MSG_CMD_PASS] = "passe",
    [MSG_CMD_TRANSFER] = "transfère",
    [MSG_RANK_J] = "V",
    [MSG_RANK_Q] = "D",
    [MSG_RANK_K] = "R",
    [MSG_RANK_A] = "A",
    [MSG_SUIT_LETTER_SPADE] = "p",
    [MSG_SUIT_LETTER_CLUB] = "t",
    [MSG_SUIT_LETTER_DIAMOND] = "ca",
    [MSG_SUIT_LETTER_HEART] = "co",
    [MSG_CARD_OR] = "%s ou %s",
    [MSG_LANG_NAME] = "français",
    [MSG_SET_LANGUAGE] = "Enregistré : vos messages privés sont désormais en %s.",
    [MSG_SET_LANG_BAD] = "« %s » n'est pas une langue que je parle : tapez langue fr, en, ru ou es "
                         "(ou set language fr).",
    [MSG_HELP_CARDS] =
        "Cartes : valeurs 6 7 8 9 10 V (valet) D (dame) R (roi) A (as) ; couleurs p pique{ ♠}, "
        "t trèfle{ ♣}, ca carreau{ ♦}, co cœur{ ♥} ; par ex. 7♥, 10p, Dca, Rco, ou en toutes "
        "lettres : valet de pique · une valeur seule (joue 7) ou un atout (couvre atout, couvre "
        "7co atout) : votre main choisit la carte, et je demande si deux conviennent · langue : "
        "langue fr ou set language fr (autres : язык ru, idioma es, language en).",
    [MSG_SET_DEFAULT] = "par défaut",
    [MSG_SET_LANG_NONE] = "non choisie (celle des mots que vous tapez)",
    [MSG_CMD_DURAK] = "durak",
    [MSG_CMD_JOIN] = "rejoindre",
    [MSG_CMD_LEAVE] = "quitter",
    [MSG_CMD_START] = "commencer",
    [MSG_CMD_STOP] = "arrêter",
    [MSG_CMD_TABLE] = "table",
    [MSG_CMD_RULES] = "règles",
    [MSG_CMD_HELP] = "aide",
    [MSG_CMD_BOT] = "bot",
    [MSG_CMD_STATS] = "statistiques",
    [MSG_CMD_TOP] = "classement",
    [MSG_CMD_AGAIN] = "revanche",
    [MSG_CMD_HAND] = "main",
    [MSG_CMD_MOVES] = "coups",
    [MSG_TOPIC_COMMANDS] = "commandes",
    [MSG_TOPIC_MOVES] = "coups",
    [MSG_TOPIC_CARDS] = "cartes",
    [MSG_TOPIC_BOTS] = "robots",
    [MSG_TOPIC_STATS] = "statistiques",
    [MSG_OPTIONS_TEAMS] = ", par équipes de deux",
    [MSG_TEAMS_SEATS] = "%s ; équipes : %s",
    [MSG_TEAMS_NEED_4_OR_6] =
        "Une partie par équipes se joue à 4 ou 6, les partenaires face à face, pas à %d : d'autres "
        "peuvent taper %srejoindre, ou ajoutez un joueur ordinateur avec %sbot.",
    [MSG_RESULT_TEAM_LOST] = "L'équipe %s perd ; victoire pour %s.",
    [MSG_RESULT_ONE_TEAM] = "Partie terminée : il ne reste que %s, et des partenaires ne jouent "
                            "jamais l'un contre l'autre.",
    [MSG_RESULT_TEAM_FORFEIT] =
        "Partie terminée : %s perd par forfait, ce qui termine aussitôt une partie par équipes.",
    [MSG_HELP_TEAMS] = "Équipes : %1$sdurak équipes ouvre une partie à 4 ou 6 joueurs par équipes "
                       "de deux, les partenaires selon l'ordre d'arrivée à la table ; dès que 4 ou "
                       "6 sont assis, la table nomme les équipes.",
    [MSG_RULES_TEAMS] = "Équipes de deux : les partenaires sont face à face (1er+3e et 2e+4e "
                        "arrivés ; à 6 : 1er+4e, 2e+5e, 3e+6e) et ne jouent jamais l'un contre "
                        "l'autre : c'est l'adversaire suivant qui défend, et le partenaire du "
                        "défenseur n'ajoute jamais. L'équipe du durak perd, de même qu'une équipe "
                        "restée seule ; un joueur qui part met fin à la partie et son équipe perd.",
    [MSG_SOLO_WHERE] = "votre partie privée",
    [MSG_SOLO_WHERE_OTHER] = "une partie privée",
    [MSG_SOLO_RESTORED_ASK] = "Je suis de retour après un redémarrage, et votre partie privée "
                              "vous attend : écrivez-moi main (ou votre coup) pour continuer.",
    [MSG_SOLO_ALREADY] = "Vous avez déjà une partie privée : continuez (coups montre vos choix), "
                         "ou arrêtez-la avec /msg %s arrêter (cela compte comme un forfait).",
    [MSG_SOLO_UNKNOWN] = "Je ne sais pas qui vous êtes (ni compte, ni adresse), et une partie "
                         "privée doit vous suivre : réessayez dans un instant.",
    [MSG_SOLO_FULL] = "Trop de parties privées sont en cours : réessayez plus tard.",
    [MSG_SOLO_CAPPED] = "Vous avez lancé %d %s dans la dernière heure, le maximum permis : la "
                        "prochaine pourra commencer dans %d %s. En attendant, les parties des "
                        "salons vous restent ouvertes (%sdurak, %srejoindre).",
    [MSG_SOLO_STOP_OUT] = "Partie terminée : vous l'arrêtez après être sorti ; la partie des "
                          "joueurs ordinateur reste sans résultat.",
    [MSG_SOLO_FORFEIT] = "Partie terminée : vous quittez la partie privée et déclarez forfait.",
    [MSG_SOLO_FORFEIT_WHY] = "Partie terminée : %s.",
    [MSG_SOLO_NO_GAME] =
        "Vous n'avez pas de partie privée à arrêter : lancez-en une avec /msg %s jouer.",
    [MSG_SOLO_AGAIN] = "une autre : /msg %s jouer",
    [MSG_STATS_SOLO] = "%s, en solo contre l'ordinateur : %d %s ; premier sorti : %d, durak "
                       ": %d, nulles : %d, forfaits : %d ; cote solo %d.",
    [MSG_STATS_BOT_SOLO] =
        "%s en parties privées contre des personnes : %d %s ; premier sorti : %d, "
        "durak : %d, nulles : %d, forfaits : %d ; cote solo %d.",
    [MSG_TOP_SOLO] = "Meilleurs joueurs seuls contre l'ordinateur (cote solo, parties) : %s",
    [MSG_TOP_SOLO_NONE] =
        "Aucune partie privée enregistrée pour l'instant : lancez-en une avec /msg %s jouer.",
    [MSG_TOP_BOTS] = "Meilleurs joueurs ordinateur (cote, parties) : %s",
    [MSG_TOP_BOTS_NONE] = "Aucun joueur ordinateur n'a encore joué dans un salon : ajoutez-en un "
                          "avec %sbot avant le début.",
    [MSG_HELP_SOLO] =
        "Seul : /msg %s jouer [classique|transfert] [facile|moyen|difficile] [2-6] vous donne une "
        "partie privée contre des joueurs ordinateur%s (arrêter y met fin, %sclassement solo les "
        "classe) · %sregarder dans un salon vous envoie les lignes publiques de sa partie, %sne "
        "plus regarder arrête · langue : langue fr ou set language fr (autres : язык ru, idioma "
        "es, language en).",
    [MSG_HELP_SOLO_CAP] = ", au plus %d par heure",
    [MSG_WATCH_ON] =
        "Vous regardez la partie de %s. Tant que vous êtes dans %s et lisez sa langue, vous y "
        "voyez ses lignes ; si vous le quittez ou choisissez une autre langue, elles vous "
        "arrivent ici, jamais une main, jusqu'à %sne plus regarder, la fin de la partie ou votre "
        "départ d'IRC.",
    [MSG_WATCH_ON_HERE] =
        "Vous regardez la partie de %s. Vous lisez une autre langue que la sienne\u00A0: ses "
        "lignes vous arrivent donc ici, dans la vôtre, jamais une main, jusqu'à %sne plus "
        "regarder, la fin de la partie ou votre départ d'IRC.",
    [MSG_WATCH_LINE] = "[%s] %s",
    [MSG_WATCH_OFF] = "Vous ne regardez plus la partie de %s.",
    [MSG_WATCH_NOT] = "Vous ne regardez pas la partie de %s : tapez %sregarder pour commencer.",
    [MSG_WATCH_NONE] = "Vous ne regardez aucune partie : tapez %sregarder dans le salon d'une "
                       "partie pour commencer.",
    [MSG_WATCH_SEATED] = "Vous jouez dans la partie de %s, vous ne pouvez donc pas la regarder : "
                         "ses lignes et votre main vous arrivent de toute façon.",
    [MSG_WATCH_FULL] = "La partie de %s a déjà %d spectateurs, le maximum : réessayez plus tard.",
    [MSG_WATCH_ALREADY] = "Vous regardez déjà la partie de %s (%sne plus regarder pour arrêter).",
    [MSG_WATCH_NO_CARDS] =
        "Vous regardez la partie de %s et n'y avez pas de cartes : coups, mains et "
        "conseils sont à ses joueurs (%sne plus regarder pour arrêter).",
    [MSG_DEAL_FINGERPRINT] =
        "Empreinte de la donne : %s (SHA-256 de sa graine et de son sel, montrés à la fin).",
    [MSG_DEAL_REVEAL] = "Donne : seed=%s salt=%s · vérifier l'empreinte : printf '%%s' '%s' | "
                        "sha256sum · les mains distribuées : printf '%s\\nstate\\n' | durak-cli",
    [MSG_LAST_GAME] = "Dernière partie n° %d (%s, %d joueurs, %d min) : %s · sa donne : printf "
                      "'%%s' '%s' | sha256sum donne l'empreinte annoncée au début · printf "
                      "'%s\\nstate\\n' | durak-cli redistribue ses mains",
    [MSG_LAST_NONE] =
        "Aucune partie terminée n'est encore enregistrée dans %s ; ouvrez-en une avec %sdurak.",
    [MSG_LAST_STORE] = "Les parties enregistrées sont illisibles pour l'instant (la base d'état "
                       "n'est pas disponible) ; réessayez plus tard.",
    [MSG_LAST_DURAK] = "durak : %s",
    [MSG_LAST_DRAW] = "nulle",
    [MSG_LAST_WON] = "%s gagne par forfait",
    [MSG_LAST_SHARED] = "%s se partagent la victoire par forfait",
    [MSG_LAST_PLACE] = "%s : place %d",
    [MSG_LAST_LEFT] = "%s a quitté la partie",
    [MSG_HINT_ONLY] = "indice : %s — c'est votre seul coup.",
    [MSG_HINT_TAKE_CANNOT] = "indice : %s — rien dans votre main ne couvre %s.",
    [MSG_HINT_TAKE_TRUMPS] = "indice : %s — seul un atout couvre %d d'entre elles (vous en avez "
                             "%d), et un atout vaut mieux gardé ; cartes non couvertes : %d.",
    [MSG_HINT_TAKE_MANY] =
        "indice : %s — cartes non couvertes : %d ; cartes qui peuvent encore s'ajouter : %d.",
    [MSG_HINT_BEAT_TRUMP] =
        "indice : %s — vous n'avez pas de %s plus fort, seul un atout la couvre.",
    [MSG_HINT_BEAT_LOWEST] = "indice : %s — la plus petite de vos cartes qui la couvre.",
    [MSG_HINT_BEAT_KEEPS] = "indice : %s — votre couverture plus faible, %s, reste en main.",
    [MSG_HINT_LEAD_PAIR] =
        "indice : %s — vous avez d'autres cartes de cette valeur à ajouter ensuite (%d en tout).",
    [MSG_HINT_LEAD_LOWEST] = "indice : %s — votre carte la plus faible.",
    [MSG_HINT_LEAD_KEEPS] =
        "indice : %s — votre carte la plus faible, %s, est gardée pour plus tard.",
    [MSG_HINT_ADD] = "indice : %s — sa valeur est sur la table (cartes en main de %s : %d).",
    [MSG_HINT_ADD_TAKING] = "indice : %s — %s ramasse : la carte part avec le reste.",
    [MSG_HINT_PASS] = "indice : %s — cartes que vous pourriez ajouter : %d, dont atouts : %d.",
    [MSG_HINT_TRANSFER] = "indice : %s — vous passez %d %s à %s (cartes dans sa main : %d).",
    [MSG_HINT_OFF] = "Les indices sont désactivés sur ce serveur.",
    [MSG_HINT_NOT_YOUR_TURN] =
        "Un indice se demande à votre tour dans %s : redemandez quand ce sera à vous.",
    [MSG_HINT_PENDING] = "Votre indice est en préparation : il arrive dans un instant.",
    [MSG_RESULT_HINTS] = "indices demandés : %s",
    [MSG_TOPIC_SOLO] = "solo",
    [MSG_TOPIC_TEAMS] = "équipes",
    [MSG_WORD_VS] = " contre ",
    [MSG_WORD_AND] = " et ",
    [MSG_WORD_SEMICOLON] = " ; ",
    [MSG_NICK_REFUSED] = "Je suis %s, pas %s : NickServ a refusé mon mot de passe, les services "
                         "m'ont renommé et je me tais. Corrigez irc.nickserv_password (ou SASL) "
                         "dans ma configuration, puis envoyez-moi SIGHUP.",
    [MSG_BOT_QUIT] = "durakbot s'arrête",
    [MSG_CMD_LAST] = "dernière",
    [MSG_CMD_WATCH] = "regarder",
    [MSG_CMD_UNWATCH] = "ne plus regarder",
    [MSG_CMD_HINT] = "indice",
    [MSG_LEAVE_ASK_TEAM] = "Quitter la partie de %s est un forfait, et votre équipe perd aussitôt "
                           "la partie : retapez %squitter dans les %d s pour partir.",
    [MSG_STOP_ASK_ALONE] = "Vous êtes la seule personne dans cette partie : l'arrêter est un "
                           "forfait, une défaite au classement, comme la quitter. Retapez %s dans "
                           "les %d s pour arrêter.",
    [MSG_SOLO_STOP_ASK] = "Arrêter maintenant compte comme une défaite au classement des parties "
                          "privées : retapez %s dans les %d s pour arrêter.",
    [MSG_LEAVE_OUT] = "Vous êtes déjà sorti de la partie de %s : votre place est acquise, rien à "
                      "quitter.",
    [MSG_ALREADY_PLAYING] = "Vous jouez déjà dans la partie de %s (%s) : finissez-la, ou tapez "
                            "d'abord %squitter là-bas (cela compte comme un forfait).",
    [MSG_PLAY_SEATED] =
        "Vous jouez déjà dans %s : un coup se tape avec sa carte, par ex. %s (%s liste vos coups).",
    [MSG_PLAY_SEATED_SOLO] =
        "Vous jouez déjà dans %s : un coup se tape avec sa carte, par ex. %s (%s liste vos coups ; "
        "%s arrête la partie, comptée perdue).",
    [MSG_RESULT_RATINGS_SOLO] = "votre cote solo : %s",
    [MSG_HINT_SOLO_ONLY] = "Ici, les indices ne sont que pour les parties privées contre "
                           "l'ordinateur : /msg %s jouer en lance une.",
    [MSG_WORD_NOTICE] = "en notice",
    [MSG_WORD_PRIVMSG] = "en message privé",
    [MSG_WORD_ON] = "oui",
    [MSG_WORD_OFF] = "non",
    /* the lines about a player said to that player alone, as "you" (messages_you.def) */
    [MSG_MOVE_LEAD_YOU] = "Vous attaquez avec %s",
    [MSG_MOVE_ADD_YOU] = "Vous donnez encore %s",
    [MSG_MOVE_THROW_YOU] = "Vous ajoutez %s",
    [MSG_MOVE_BEAT_YOU] = "Vous couvrez %s avec %s",
    [MSG_MOVE_TAKE_YOU] = "Vous ramassez",
    [MSG_MOVE_TRANSFER_YOU] = "Vous transférez avec %s à %s",
    [MSG_MOVE_TRANSFER_TO_YOU] = "%s vous transfère avec %s",
    [MSG_BOUT_TAKEN_YOU] = "Vous emportez %d %s",
    [MSG_TRUMP_DRAWN_YOU] = "Vous piochez la dernière carte, l'atout %s",
    [MSG_PLAYER_OUT_YOU] = "Vous sortez (place %d)",
    [MSG_FORFEIT_LEFT_YOU] = "Vous quittez la partie : forfait",
    [MSG_FORFEIT_TIMEOUTS_YOU] = "Vous avez dépassé le temps trop souvent : forfait",
    [MSG_FORFEIT_GONE_YOU] = "Vous n'êtes pas revenu à temps : forfait",
    [MSG_GAME_START_YOU] = "La partie de durak (%s) commence : %s. Atout : %s. Vous avez le plus "
                           "petit atout, %s, et attaquez en premier.",
    [MSG_GAME_START_NO_TRUMP_YOU] = "Durak (%s) : %s. Atout : %s. Personne n'a d'atout, donc vous "
                                    "attaquez en premier.",
    [MSG_LINE_ACT_YOU] = "À vous : %s",
    [MSG_DECIDE_TAKING_YOU] = "%s peut vous donner des cartes à ramasser",
    [MSG_REJOINED_YOU] = "%s · Vous êtes de retour et continuez.",
    [MSG_RESULT_DURAK_YOU] = "Partie terminée : vous êtes le durak !",
    [MSG_RESULT_HINTS_YOU] = "indices que vous avez demandés : %d",
    [MSG_NOT_STARTED_YOU] =
        "La partie n'a pas encore commencé : vous pouvez la lancer avec %scommencer dans %s.",
};
