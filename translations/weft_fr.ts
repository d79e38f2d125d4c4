<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr_FR">
<context>
    <name>EventAppearance</name>
    <message>
        <source>start</source>
        <translation>début</translation>
    </message>
    <message>
        <source>create</source>
        <translation>crée</translation>
    </message>
    <message>
        <source>exit</source>
        <translation>fin</translation>
    </message>
    <message>
        <source>join</source>
        <translation>attend</translation>
    </message>
    <message>
        <source>lock</source>
        <translation>verrou</translation>
    </message>
    <message>
        <source>unlock</source>
        <translation>déverrou</translation>
    </message>
    <message>
        <source>trylock</source>
        <translation>essaie</translation>
    </message>
    <message>
        <source>destroy</source>
        <translation>détruit</translation>
    </message>
    <message>
        <source>sem_init</source>
        <translation>sem_init</translation>
    </message>
    <message>
        <source>sem_wait</source>
        <translation>sem_wait</translation>
    </message>
    <message>
        <source>sem_trywait</source>
        <translation>sem_trywait</translation>
    </message>
    <message>
        <source>sem_post</source>
        <translation>sem_post</translation>
    </message>
    <message>
        <source>sem_destroy</source>
        <translation>sem_destroy</translation>
    </message>
    <message>
        <source>cond_wait</source>
        <translation>cond_wait</translation>
    </message>
    <message>
        <source>cond_wake</source>
        <translation>cond_réveil</translation>
    </message>
    <message>
        <source>cond_signal</source>
        <translation>cond_signal</translation>
    </message>
    <message>
        <source>cond_broadcast</source>
        <translation>cond_broadcast</translation>
    </message>
    <message>
        <source>cond_destroy</source>
        <translation>cond_destroy</translation>
    </message>
    <message>
        <source>barrier_init</source>
        <translation>barrier_init</translation>
    </message>
    <message>
        <source>barrier_wait</source>
        <translation>barrier_wait</translation>
    </message>
    <message>
        <source>barrier_destroy</source>
        <translation>barrier_destroy</translation>
    </message>
    <message>
        <source>barrier_pass</source>
        <translation>barrier_passe</translation>
    </message>
    <message>
        <source>T%1: %2</source>
        <translation>T%1 : %2</translation>
    </message>
    <message>
        <source>event %1, causality depth %2</source>
        <translation>événement %1, profondeur causale %2</translation>
    </message>
    <message>
        <source>at %1:%2</source>
        <translation>à %1:%2</translation>
    </message>
    <message>
        <source>read</source>
        <translation>lecture</translation>
    </message>
    <message>
        <source>write</source>
        <translation>écriture</translation>
    </message>
    <message>
        <source>nondet</source>
        <translation>choix</translation>
    </message>
    <message>
        <source>rdlock</source>
        <translation>rdlock</translation>
    </message>
    <message>
        <source>tryrdlock</source>
        <translation>tryrdlock</translation>
    </message>
    <message>
        <source>rdunlock</source>
        <translation>rdunlock</translation>
    </message>
    <message>
        <source>wrlock</source>
        <translation>wrlock</translation>
    </message>
    <message>
        <source>trywrlock</source>
        <translation>trywrlock</translation>
    </message>
    <message>
        <source>wrunlock</source>
        <translation>wrunlock</translation>
    </message>
    <message>
        <source>rwlock_destroy</source>
        <translation>rwlock_destroy</translation>
    </message>
    <message>
        <source>end</source>
        <translation>fin</translation>
    </message>
    <message>
        <source>heap, line %1</source>
        <translation>tas, ligne %1</translation>
    </message>
    <message>
        <source>heap+%1, line %2</source>
        <translation>tas+%1, ligne %2</translation>
    </message>
    <message>
        <source>local, line %1</source>
        <translation>locale, ligne %1</translation>
    </message>
    <message>
        <source>local+%1, line %2</source>
        <translation>locale+%1, ligne %2</translation>
    </message>
    <message>
        <source>false assumption</source>
        <translation>hypothèse fausse</translation>
    </message>
    <message>
        <source>spin wait</source>
        <translation>attente active</translation>
    </message>
</context>
<context>
    <name>MessageText</name>
    <message>
        <source>%1: %2</source>
        <translation>%1 : %2</translation>
    </message>
    <message>
        <source>assertion `%1&apos; failed in %2</source>
        <translation>échec de l’assertion « %1 » dans %2</translation>
    </message>
    <message>
        <source>%1() called</source>
        <translation>appel de %1()</translation>
    </message>
    <message>
        <source>exited with status %1</source>
        <translation>terminé avec le code %1</translation>
    </message>
    <message>
        <source>data race on %1: %2 and %3, with no synchronisation between them</source>
        <translation>accès concurrent à %1 : %2 et %3, sans synchronisation entre eux</translation>
    </message>
    <message>
        <source>T%1 reads at %2</source>
        <translation>T%1 lit en %2</translation>
    </message>
    <message>
        <source>T%1 writes at %2</source>
        <translation>T%1 écrit en %2</translation>
    </message>
    <message>
        <source>a %1-byte global variable %2</source>
        <translation>la variable globale %2 (%1 octets)</translation>
    </message>
    <message>
        <source>T%1 waits for lock %2</source>
        <translation>T%1 attend le verrou %2</translation>
    </message>
    <message>
        <source>T%1 waits to join T%2</source>
        <translation>T%1 attend la fin de T%2</translation>
    </message>
    <message>
        <source>T%1 waits for the other threads to exit</source>
        <translation>T%1 attend la fin des autres threads</translation>
    </message>
    <message>
        <source>T%1 waits on semaphore %2</source>
        <translation>T%1 attend le sémaphore %2</translation>
    </message>
    <message>
        <source>T%1 waits on condition variable %2</source>
        <translation>T%1 attend la variable de condition %2</translation>
    </message>
    <message>
        <source>T%1 waits at barrier %2</source>
        <translation>T%1 attend à la barrière %2</translation>
    </message>
    <message>
        <source>T%1 waits to read-lock %2</source>
        <translation>T%1 attend de verrouiller %2 en lecture</translation>
    </message>
    <message>
        <source>T%1 waits to write-lock %2</source>
        <translation>T%1 attend de verrouiller %2 en écriture</translation>
    </message>
    <message>
        <source>unlocked</source>
        <translation>déverrouillé</translation>
    </message>
    <message>
        <source>destroyed</source>
        <translation>détruit</translation>
    </message>
    <message>
        <source>locked by T%1</source>
        <translation>verrouillé par T%1</translation>
    </message>
    <message>
        <source>locked by T%1 (%2 times)</source>
        <translation>verrouillé par T%1 (%2 fois)</translation>
    </message>
    <message>
        <source>no waiter</source>
        <translation>personne n’attend</translation>
    </message>
    <message>
        <source>waiters: %1</source>
        <translation>en attente : %1</translation>
    </message>
    <message>
        <source>waiters: %1 (%2 signal pending)</source>
        <translation>en attente : %1 (%2 signal en suspens)</translation>
    </message>
    <message>
        <source>waiters: %1 (%2 signals pending)</source>
        <translation>en attente : %1 (%2 signaux en suspens)</translation>
    </message>
    <message>
        <source>value %1</source>
        <translation>valeur %1</translation>
    </message>
    <message>
        <source>not initialised</source>
        <translation>non initialisé</translation>
    </message>
    <message>
        <source>%1 of %2 arrived</source>
        <translation>%1 arrivés sur %2</translation>
    </message>
    <message>
        <source>write-locked by T%1</source>
        <translation>verrouillé en écriture par T%1</translation>
    </message>
    <message>
        <source>read-locked by %1</source>
        <translation>verrouillé en lecture par %1</translation>
    </message>
    <message>
        <source>→ %1</source>
        <translation>→ %1</translation>
    </message>
    <message>
        <source>at address %1</source>
        <translation>à l’adresse %1</translation>
    </message>
    <message>
        <source>heap block allocated at %1</source>
        <translation>bloc du tas alloué en %1</translation>
    </message>
    <message>
        <source>heap block+%1 allocated at %2</source>
        <translation>bloc du tas+%1 alloué en %2</translation>
    </message>
    <message>
        <source>local allocated at %1</source>
        <translation>variable locale allouée en %1</translation>
    </message>
    <message>
        <source>local+%1 allocated at %2</source>
        <translation>variable locale+%1 allouée en %2</translation>
    </message>
    <message>
        <source>read of %1 bytes</source>
        <translation>lecture de %1 octets</translation>
    </message>
    <message>
        <source>read of %1 byte</source>
        <translation>lecture de %1 octet</translation>
    </message>
    <message>
        <source>write of %1 bytes</source>
        <translation>écriture de %1 octets</translation>
    </message>
    <message>
        <source>write of %1 byte</source>
        <translation>écriture de %1 octet</translation>
    </message>
    <message>
        <source>free of %1 bytes</source>
        <translation>libération de %1 octets</translation>
    </message>
    <message>
        <source>free of %1 byte</source>
        <translation>libération de %1 octet</translation>
    </message>
    <message>
        <source>free of a null-derived pointer</source>
        <translation>free d’un pointeur dérivé de NULL</translation>
    </message>
    <message>
        <source>null pointer dereference (%1)</source>
        <translation>déréférencement d’un pointeur nul (%1)</translation>
    </message>
    <message>
        <source>invalid pointer dereference (%1 at address %2)</source>
        <translation>déréférencement d’un pointeur invalide (%1 à l’adresse %2)</translation>
    </message>
    <message>
        <source>out-of-bounds %1 at offset %2 of %3</source>
        <translation>%1 hors limites au décalage %2 de %3</translation>
    </message>
    <message>
        <source>use after free: %1 of %2, freed earlier</source>
        <translation>utilisation après libération : %1 de %2, libéré auparavant</translation>
    </message>
    <message>
        <source>use after return: %1 of %2, whose function has returned</source>
        <translation>utilisation après retour : %1 de %2, dont la fonction est terminée</translation>
    </message>
    <message>
        <source>misaligned %1 at offset %2 of %3</source>
        <translation>%1 mal alignée au décalage %2 de %3</translation>
    </message>
    <message>
        <source>write to read-only memory (%1)</source>
        <translation>écriture en mémoire en lecture seule (%1)</translation>
    </message>
    <message>
        <source>double free of %1</source>
        <translation>double libération de %1</translation>
    </message>
    <message>
        <source>invalid free: the pointer is at offset %1 of %2</source>
        <translation>libération invalide : le pointeur est au décalage %1 de %2</translation>
    </message>
    <message>
        <source>invalid free of a pointer to %1</source>
        <translation>libération invalide d’un pointeur vers %1</translation>
    </message>
    <message>
        <source>too many memory objects allocated by one thread</source>
        <translation>trop d’objets mémoire alloués par un seul thread</translation>
    </message>
    <message>
        <source>memory exhausted: allocating %1 more bytes would exceed the limit of %2 MiB live in one execution</source>
        <translation>mémoire épuisée : allouer %1 octets de plus dépasserait la limite de %2 Mio vivants dans une exécution</translation>
    </message>
    <message>
        <source>invalid memory access</source>
        <translation>accès mémoire invalide</translation>
    </message>
    <message>
        <source>memory exhausted: the race detector&apos;s record of %1 would exceed the limit of %2 MiB per execution (--races=ignore does without it)</source>
        <translation>mémoire épuisée : le relevé du détecteur d’accès concurrents pour %1 dépasserait la limite de %2 Mio par exécution (--races=ignore s’en passe)</translation>
    </message>
    <message>
        <source>a %1-byte global variable</source>
        <translation>une variable globale de %1 octets</translation>
    </message>
    <message>
        <source>a %1-byte heap block</source>
        <translation>un bloc du tas de %1 octets</translation>
    </message>
    <message>
        <source>a %1-byte local variable</source>
        <translation>une variable locale de %1 octets</translation>
    </message>
    <message>
        <source>a %1-byte function</source>
        <translation>une fonction de %1 octets</translation>
    </message>
    <message>
        <source>a %1-byte string literal</source>
        <translation>une chaîne littérale de %1 octets</translation>
    </message>
    <message>
        <source>a %1-byte local variable %2</source>
        <translation>la variable locale %2 (%1 octets)</translation>
    </message>
    <message>
        <source>a %1-byte local variable %2 declared at %3</source>
        <translation>la variable locale %2 (%1 octets) déclarée en %3</translation>
    </message>
    <message>
        <source>a %1-byte heap block allocated at %2</source>
        <translation>un bloc du tas de %1 octets alloué en %2</translation>
    </message>
    <message>
        <source>a %1-byte local variable allocated at %2</source>
        <translation>une variable locale de %1 octets allouée en %2</translation>
    </message>
    <message>
        <source>the %1 bytes of variadic arguments passed</source>
        <translation>les %1 octets d’arguments variadiques passés</translation>
    </message>
    <message>
        <source>the %1 bytes of variadic arguments passed at %2</source>
        <translation>les %1 octets d’arguments variadiques passés en %2</translation>
    </message>
    <message>
        <source>%1 at offset %2</source>
        <translation>%1 au décalage %2</translation>
    </message>
    <message>
        <source>%1 (byte %2)</source>
        <translation>%1 (octet %2)</translation>
    </message>
    <message>
        <source>heap block</source>
        <translation>bloc du tas</translation>
    </message>
    <message>
        <source>heap block+%1</source>
        <translation>bloc du tas+%1</translation>
    </message>
    <message>
        <source>local</source>
        <translation>variable locale</translation>
    </message>
    <message>
        <source>local+%1</source>
        <translation>variable locale+%1</translation>
    </message>
    <message>
        <source>T%1&apos;s %2</source>
        <translation>%2 de T%1</translation>
    </message>
    <message>
        <source>(atomic sections)</source>
        <translation>(sections atomiques)</translation>
    </message>
    <message>
        <source>thread T%1 loops forever: an iteration of this loop changes nothing and reads no memory another thread can change</source>
        <translation>le thread T%1 boucle sans fin : une itération de cette boucle ne change rien et ne lit aucune mémoire qu’un autre thread peut changer</translation>
    </message>
    <message>
        <source>thread T%1 spins forever waiting for %2 to change: under --model sync no other thread runs while a thread runs its local code (--model sc explores this wait)</source>
        <translation>le thread T%1 tourne sans fin en attendant que %2 change : avec --model sync aucun autre thread ne s’exécute pendant qu’un thread exécute ses instructions locales (--model sc explore cette attente)</translation>
    </message>
    <message>
        <source>T%1 spins forever</source>
        <translation>T%1 tourne sans fin</translation>
    </message>
    <message>
        <source>T%1 spins forever waiting for %2 to change</source>
        <translation>T%1 tourne sans fin en attendant que %2 change</translation>
    </message>
    <message>
        <source>T%1 spins forever at %2 waiting for %3 to change</source>
        <translation>T%1 tourne sans fin en %2 en attendant que %3 change</translation>
    </message>
    <message>
        <source>T%1 is stopped by a false assumption</source>
        <translation>T%1 est arrêté par une hypothèse fausse</translation>
    </message>
    <message>
        <source>T%1 is stopped at the instruction bound</source>
        <translation>T%1 est arrêté à la borne d’instructions</translation>
    </message>
    <message>
        <source>T%1 cannot %2</source>
        <translation>T%1 ne peut pas continuer : %2</translation>
    </message>
    <message>
        <source>thread T%1 ran more than %2 instructions without a visible action (infinite loop?)</source>
        <translation>le thread T%1 a exécuté plus de %2 instructions sans action visible (boucle infinie ?)</translation>
    </message>
    <message>
        <source>more than %1 visible actions in one execution</source>
        <translation>plus de %1 actions visibles dans une exécution</translation>
    </message>
    <message>
        <source>more than %1 threads in one execution</source>
        <translation>plus de %1 threads dans une exécution</translation>
    </message>
    <message>
        <source>more than %1 visible actions after a thread reached its end (a fault or exit)</source>
        <translation>plus de %1 actions visibles après qu’un thread a atteint sa fin (une faute ou exit)</translation>
    </message>
    <message>
        <source>too many threads for the interpreter&apos;s memory layout</source>
        <translation>trop de threads pour la disposition mémoire de l’interpréteur</translation>
    </message>
    <message>
        <source>stack overflow: more than %1 nested calls</source>
        <translation>débordement de pile : plus de %1 appels imbriqués</translation>
    </message>
    <message>
        <source>stack allocation of %1 bytes is too large</source>
        <translation>allocation de %1 octets sur la pile trop grande</translation>
    </message>
    <message>
        <source>call through a null function pointer</source>
        <translation>appel par un pointeur de fonction nul</translation>
    </message>
    <message>
        <source>call through an invalid function pointer</source>
        <translation>appel par un pointeur de fonction invalide</translation>
    </message>
    <message>
        <source>reached code marked unreachable</source>
        <translation>code marqué inaccessible atteint</translation>
    </message>
    <message>
        <source>division by zero</source>
        <translation>division par zéro</translation>
    </message>
    <message>
        <source>signed division overflow (the minimum value divided by -1)</source>
        <translation>dépassement de division signée (la valeur minimale divisée par -1)</translation>
    </message>
    <message>
        <source>shift by %1 bits of a %2-bit value</source>
        <translation>décalage de %1 bits d’une valeur de %2 bits</translation>
    </message>
    <message>
        <source>not a pure instruction</source>
        <translation>instruction non pure</translation>
    </message>
    <message>
        <source>%1: only stdout and stderr are supported streams</source>
        <translation>%1 : seuls stdout et stderr sont des flux pris en charge</translation>
    </message>
    <message>
        <source>%1: only stdin can be read</source>
        <translation>%1 : seul stdin peut être lu</translation>
    </message>
    <message>
        <source>%1: the va_list was not set up by va_start</source>
        <translation>%1 : la va_list n’a pas été préparée par va_start</translation>
    </message>
    <message>
        <source>%1: the format %2 needs more arguments than were passed</source>
        <translation>%1 : le format %2 demande plus d’arguments que ceux passés</translation>
    </message>
    <message>
        <source>%1: incomplete conversion at the end of %2</source>
        <translation>%1 : conversion incomplète à la fin de %2</translation>
    </message>
    <message>
        <source>%1: long double arguments are not supported</source>
        <translation>%1 : les arguments long double ne sont pas pris en charge</translation>
    </message>
    <message>
        <source>%1: unsupported conversion %2</source>
        <translation>%1 : conversion %2 non prise en charge</translation>
    </message>
    <message>
        <source>%1: the format %2 ends inside a conversion</source>
        <translation>%1 : le format %2 se termine au milieu d’une conversion</translation>
    </message>
    <message>
        <source>%1: unterminated %[ in the format %2</source>
        <translation>%1 : %[ non terminé dans le format %2</translation>
    </message>
    <message>
        <source>%1: unknown conversion %2 in the format %3</source>
        <translation>%1 : conversion %2 inconnue dans le format %3</translation>
    </message>
    <message>
        <source>%1 with a jmp_buf that setjmp did not set</source>
        <translation>%1 avec un jmp_buf que setjmp n’a pas rempli</translation>
    </message>
    <message>
        <source>%1 to a jmp_buf set by thread T%2 (Weft supports setjmp and longjmp within one thread)</source>
        <translation>%1 vers un jmp_buf rempli par le thread T%2 (Weft prend en charge setjmp et longjmp dans un même thread)</translation>
    </message>
    <message>
        <source>%1 to a setjmp whose function has returned</source>
        <translation>%1 vers un setjmp dont la fonction est terminée</translation>
    </message>
    <message>
        <source>pthread_mutex_destroy of a locked mutex</source>
        <translation>pthread_mutex_destroy d’un mutex verrouillé</translation>
    </message>
    <message>
        <source>%1 of mutex %2 after it was destroyed</source>
        <translation>%1 du mutex %2 après sa destruction</translation>
    </message>
    <message>
        <source>pthread_mutex_init of a locked mutex</source>
        <translation>pthread_mutex_init d’un mutex verrouillé</translation>
    </message>
    <message>
        <source>pthread_mutex_init of mutex %1 after it was used</source>
        <translation>pthread_mutex_init du mutex %1 après son utilisation</translation>
    </message>
    <message>
        <source>%1 of mutex %2 before it was initialised</source>
        <translation>%1 du mutex %2 avant son initialisation</translation>
    </message>
    <message>
        <source>%1 of semaphore %2 after it was destroyed</source>
        <translation>%1 du sémaphore %2 après sa destruction</translation>
    </message>
    <message>
        <source>%1 of condition variable %2 after it was destroyed</source>
        <translation>%1 de la variable de condition %2 après sa destruction</translation>
    </message>
    <message>
        <source>%1 of barrier %2 after it was destroyed</source>
        <translation>%1 de la barrière %2 après sa destruction</translation>
    </message>
    <message>
        <source>%1 of read-write lock %2 after it was destroyed</source>
        <translation>%1 du verrou %2 après sa destruction</translation>
    </message>
    <message>
        <source>pthread_cond_destroy of a condition variable with waiters</source>
        <translation>pthread_cond_destroy d’une variable de condition attendue</translation>
    </message>
    <message>
        <source>pthread_barrier_destroy of a barrier with waiters</source>
        <translation>pthread_barrier_destroy d’une barrière attendue</translation>
    </message>
    <message>
        <source>pthread_rwlock_destroy of a locked read-write lock</source>
        <translation>pthread_rwlock_destroy d’un verrou verrouillé</translation>
    </message>
    <message>
        <source>mutex %1 initialised and used with no synchronisation between them: %2 and %3</source>
        <translation>mutex %1 initialisé et utilisé sans synchronisation entre les deux : %2 et %3</translation>
    </message>
    <message>
        <source>T%1 initialises it at %2</source>
        <translation>T%1 l’initialise en %2</translation>
    </message>
    <message>
        <source>T%1 uses it at %2</source>
        <translation>T%1 l’utilise en %2</translation>
    </message>
    <message>
        <source>pthread_rwlock_unlock: the lock is not held by this thread</source>
        <translation>pthread_rwlock_unlock : ce thread ne détient pas le verrou</translation>
    </message>
    <message>
        <source>pthread_create: the start routine is not a function of the program</source>
        <translation>pthread_create : la routine de départ n’est pas une fonction du programme</translation>
    </message>
    <message>
        <source>sem_init: the value exceeds SEM_VALUE_MAX</source>
        <translation>sem_init : la valeur dépasse SEM_VALUE_MAX</translation>
    </message>
    <message>
        <source>pthread_barrier_init: the count is 0</source>
        <translation>pthread_barrier_init : le nombre vaut 0</translation>
    </message>
    <message>
        <source>internal: builtin %1 has no implementation</source>
        <translation>interne : la fonction intégrée %1 n’a pas d’implémentation</translation>
    </message>
    <message>
        <source>memcpy with overlapping source and destination</source>
        <translation>memcpy avec une source et une destination qui se chevauchent</translation>
    </message>
    <message>
        <source>__VERIFIER_atomic_end() outside an atomic section</source>
        <translation>__VERIFIER_atomic_end() hors d’une section atomique</translation>
    </message>
    <message>
        <source>pthread_join of T%1, which was created detached</source>
        <translation>pthread_join de T%1, créé détaché</translation>
    </message>
    <message>
        <source>T%1 joins thread %2, which this execution never created</source>
        <translation>T%1 attend la fin du thread %2, que cette exécution n’a jamais créé</translation>
    </message>
    <message>
        <source>T%1 unlocks mutex %2, which it does not hold</source>
        <translation>T%1 déverrouille le mutex %2, qu’il ne détient pas</translation>
    </message>
    <message>
        <source>T%1 uses semaphore %2 before initialising it (sem_init)</source>
        <translation>T%1 utilise le sémaphore %2 avant de l’initialiser (sem_init)</translation>
    </message>
    <message>
        <source>T%1 waits at barrier %2 before initialising it (pthread_barrier_init)</source>
        <translation>T%1 attend à la barrière %2 avant de l’initialiser (pthread_barrier_init)</translation>
    </message>
    <message>
        <source>mixed-size access to shared memory: a %1-byte read at offset %2 of %3 overlaps its %4-byte location at offset %5 (the sc model needs one access size per shared location)</source>
        <translation>accès de tailles différentes à la mémoire partagée : une lecture de %1 octets au décalage %2 de %3 chevauche son emplacement de %4 octets au décalage %5 (le modèle sc demande une seule taille d’accès par emplacement partagé)</translation>
    </message>
    <message>
        <source>mixed-size access to shared memory: a %1-byte write at offset %2 of %3 overlaps its %4-byte location at offset %5 (the sc model needs one access size per shared location)</source>
        <translation>accès de tailles différentes à la mémoire partagée : une écriture de %1 octets au décalage %2 de %3 chevauche son emplacement de %4 octets au décalage %5 (le modèle sc demande une seule taille d’accès par emplacement partagé)</translation>
    </message>
    <message>
        <source>%1() (%2: not supported yet)</source>
        <translation>%1() (%2 : pas encore pris en charge)</translation>
    </message>
    <message>
        <source>mutex attributes</source>
        <translation>attributs de mutex</translation>
    </message>
    <message>
        <source>condition variable attributes</source>
        <translation>attributs de variable de condition</translation>
    </message>
    <message>
        <source>barrier attributes</source>
        <translation>attributs de barrière</translation>
    </message>
    <message>
        <source>thread cancellation</source>
        <translation>annulation de thread</translation>
    </message>
    <message>
        <source>signals</source>
        <translation>signaux</translation>
    </message>
    <message>
        <source>named semaphores and sem_getvalue</source>
        <translation>sémaphores nommés et sem_getvalue</translation>
    </message>
    <message>
        <source>inline assembly</source>
        <translation>assembleur en ligne</translation>
    </message>
    <message>
        <source>intrinsic %1</source>
        <translation>intrinsèque %1</translation>
    </message>
    <message>
        <source>use of external variable %1</source>
        <translation>utilisation de la variable externe %1</translation>
    </message>
    <message>
        <source>long double arithmetic</source>
        <translation>arithmétique long double</translation>
    </message>
    <message>
        <source>__VERIFIER_assume failed inside an atomic section after the section wrote shared memory</source>
        <translation>__VERIFIER_assume a échoué dans une section atomique après que la section a écrit en mémoire partagée</translation>
    </message>
    <message>
        <source>%1 inside an atomic section (only local code, memory accesses and __VERIFIER_assume run atomically)</source>
        <translation>%1 dans une section atomique (seuls le code local, les accès mémoire et __VERIFIER_assume s’exécutent atomiquement)</translation>
    </message>
    <message>
        <source>schedule step %1: thread T%2 does not exist</source>
        <translation>ordonnancement, pas %1 : le thread T%2 n’existe pas</translation>
    </message>
    <message>
        <source>schedule step %1: thread T%2 has exited</source>
        <translation>ordonnancement, pas %1 : le thread T%2 est terminé</translation>
    </message>
    <message>
        <source>schedule step %1: thread T%2 is blocked (%3)</source>
        <translation>ordonnancement, pas %1 : le thread T%2 est bloqué (%3)</translation>
    </message>
    <message>
        <source>the execution ended after %1 visible actions, before replaying the %2 of the trail</source>
        <translation>l’exécution s’est terminée après %1 actions visibles, avant d’avoir rejoué les %2 de la trace</translation>
    </message>
    <message>
        <source>%1 depends on %2, which was never written</source>
        <translation>%1 dépend de %2, jamais écrit</translation>
    </message>
    <message>
        <source>%1 depends on %2, which was never initialised</source>
        <translation>%1 dépend de %2, jamais initialisé</translation>
    </message>
    <message>
        <source>the address of this load</source>
        <translation>l’adresse de cette lecture</translation>
    </message>
    <message>
        <source>the address of this store</source>
        <translation>l’adresse de cette écriture</translation>
    </message>
    <message>
        <source>the address of this atomic operation</source>
        <translation>l’adresse de cette opération atomique</translation>
    </message>
    <message>
        <source>the branch</source>
        <translation>le branchement</translation>
    </message>
    <message>
        <source>the switch</source>
        <translation>le switch</translation>
    </message>
    <message>
        <source>the function pointer of this call</source>
        <translation>le pointeur de fonction de cet appel</translation>
    </message>
    <message>
        <source>argument %1 of %2</source>
        <translation>l’argument %1 de %2</translation>
    </message>
    <message>
        <source>a local variable</source>
        <translation>une variable locale</translation>
    </message>
    <message>
        <source>execution %1 was cut at a per-execution bound (%2): interleavings beyond such cuts are not explored</source>
        <translation>l’exécution %1 a été coupée à une borne par exécution (%2) : les entrelacements au-delà de telles coupes ne sont pas explorés</translation>
    </message>
    <message>
        <source>the program did not replay deterministically (%1); exploration stopped</source>
        <translation>le programme ne s’est pas rejoué de façon déterministe (%1) ; exploration arrêtée</translation>
    </message>
    <message>
        <source>the event structure exceeded %1 events</source>
        <translation>la structure d’événements a dépassé %1 événements</translation>
    </message>
    <message>
        <source>unsupported operation %1: an execution that reaches it stops with a defect</source>
        <translation>opération non prise en charge %1 : une exécution qui l’atteint s’arrête sur un défaut</translation>
    </message>
    <message>
        <source>T%1 and T%2 access %3 atomically at %4 and %5 with nothing ordering them: under --model sync atomics run as local code and only one order of such accesses is explored (--model sc explores every order)</source>
        <translation>T%1 et T%2 accèdent à %3 de façon atomique en %4 et %5 sans rien qui les ordonne : avec --model sync les opérations atomiques sont du code local et un seul ordre de tels accès est exploré (--model sc les explore tous)</translation>
    </message>
    <message>
        <source>note: %1</source>
        <translation>note : %1</translation>
    </message>
    <message>
        <source>warning: %1</source>
        <translation>avertissement : %1</translation>
    </message>
    <message>
        <source>error: %1</source>
        <translation>erreur : %1</translation>
    </message>
    <message>
        <source>T%1 unlocks mutex %2, which it does not hold (it returns EPERM and the run goes on)</source>
        <translation>T%1 déverrouille le mutex %2, qu’il ne détient pas (l’appel renvoie EPERM et l’exécution continue)</translation>
    </message>
    <message>
        <source>no input file given</source>
        <translation>aucun fichier d&apos;entrée</translation>
    </message>
    <message>
        <source>cannot open file: %1</source>
        <translation>impossible d&apos;ouvrir le fichier : %1</translation>
    </message>
    <message>
        <source>cannot open file: it is a directory</source>
        <translation>impossible d&apos;ouvrir le fichier : c&apos;est un répertoire</translation>
    </message>
    <message>
        <source>unsupported input file type &apos;%1&apos; (expected .c, .i, .ll or .bc)</source>
        <translation>type de fichier d&apos;entrée &apos;%1&apos; non pris en charge (attendus : .c, .i, .ll ou .bc)</translation>
    </message>
    <message>
        <source>the C compiler failed on this input: %1</source>
        <translation>le compilateur C a échoué sur cette entrée : %1</translation>
    </message>
    <message>
        <source>compilation failed</source>
        <translation>la compilation a échoué</translation>
    </message>
    <message>
        <source>the program has no main function</source>
        <translation>le programme n&apos;a pas de fonction main</translation>
    </message>
    <message>
        <source>replay step %1: expected T%2 %3, the program did T%4 %5</source>
        <translation>rejeu, pas %1 : %3 par T%2 attendu, le programme a fait %5 par T%4</translation>
    </message>
    <message>
        <source>start</source>
        <translation>début</translation>
    </message>
    <message>
        <source>create T%1</source>
        <translation>création de T%1</translation>
    </message>
    <message>
        <source>exit</source>
        <translation>fin</translation>
    </message>
    <message>
        <source>join T%1</source>
        <translation>attente de la fin de T%1</translation>
    </message>
    <message>
        <source>lock %1</source>
        <translation>verrouillage de %1</translation>
    </message>
    <message>
        <source>unlock %1</source>
        <translation>déverrouillage de %1</translation>
    </message>
    <message>
        <source>trylock %1</source>
        <translation>essai de verrouillage de %1</translation>
    </message>
    <message>
        <source>destroy %1</source>
        <translation>destruction de %1</translation>
    </message>
    <message>
        <source>sem_init %1 %2</source>
        <translation>initialisation du sémaphore %1 à %2</translation>
    </message>
    <message>
        <source>sem_wait %1</source>
        <translation>attente sur le sémaphore %1</translation>
    </message>
    <message>
        <source>sem_trywait %1</source>
        <translation>essai d’attente sur le sémaphore %1</translation>
    </message>
    <message>
        <source>sem_post %1</source>
        <translation>incrément du sémaphore %1</translation>
    </message>
    <message>
        <source>sem_destroy %1</source>
        <translation>destruction du sémaphore %1</translation>
    </message>
    <message>
        <source>cond_wait %1</source>
        <translation>mise en attente sur la variable de condition %1</translation>
    </message>
    <message>
        <source>wake up on %1</source>
        <translation>réveil sur %1</translation>
    </message>
    <message>
        <source>cond_signal %1</source>
        <translation>signal sur %1</translation>
    </message>
    <message>
        <source>cond_broadcast %1</source>
        <translation>diffusion sur %1</translation>
    </message>
    <message>
        <source>cond_destroy %1</source>
        <translation>destruction de la variable de condition %1</translation>
    </message>
    <message>
        <source>barrier_init %1 %2</source>
        <translation>initialisation de la barrière %1 à %2</translation>
    </message>
    <message>
        <source>barrier_wait %1</source>
        <translation>arrivée à la barrière %1</translation>
    </message>
    <message>
        <source>barrier_destroy %1</source>
        <translation>destruction de la barrière %1</translation>
    </message>
    <message>
        <source>leave barrier %1</source>
        <translation>sortie de la barrière %1</translation>
    </message>
    <message>
        <source>read %1</source>
        <translation>lecture de %1</translation>
    </message>
    <message>
        <source>write %1</source>
        <translation>écriture de %1</translation>
    </message>
    <message>
        <source>nondet %1</source>
        <translation>choix de la valeur %1</translation>
    </message>
    <message>
        <source>rdlock %1</source>
        <translation>verrouillage en lecture de %1</translation>
    </message>
    <message>
        <source>tryrdlock %1</source>
        <translation>essai de verrouillage en lecture de %1</translation>
    </message>
    <message>
        <source>rdunlock %1</source>
        <translation>déverrouillage en lecture de %1</translation>
    </message>
    <message>
        <source>wrlock %1</source>
        <translation>verrouillage en écriture de %1</translation>
    </message>
    <message>
        <source>trywrlock %1</source>
        <translation>essai de verrouillage en écriture de %1</translation>
    </message>
    <message>
        <source>wrunlock %1</source>
        <translation>déverrouillage en écriture de %1</translation>
    </message>
    <message>
        <source>rwlock_destroy %1</source>
        <translation>destruction du verrou %1</translation>
    </message>
    <message>
        <source>end the program</source>
        <translation>fin du programme</translation>
    </message>
    <message>
        <source>stop at a false assumption</source>
        <translation>arrêt sur une hypothèse fausse</translation>
    </message>
    <message>
        <source>spin forever</source>
        <translation>attente active sans fin</translation>
    </message>
    <message>
        <source>stop at the instruction bound</source>
        <translation>arrêt à la borne d’instructions</translation>
    </message>
    <message>
        <source>%1 = %2</source>
        <translation>%1 = %2</translation>
    </message>
    <message>
        <source>types nested more than %1 levels deep are not supported</source>
        <translation>les types imbriqués sur plus de %1 niveaux ne sont pas pris en charge</translation>
    </message>
    <message>
        <source>aggregate values with more than 256 fields in registers are not supported</source>
        <translation>les valeurs agrégées de plus de 256 champs en registres ne sont pas prises en charge</translation>
    </message>
    <message>
        <source>integers wider than 64 bits are not supported</source>
        <translation>les entiers de plus de 64 bits ne sont pas pris en charge</translation>
    </message>
    <message>
        <source>vector types are not supported</source>
        <translation>les types vectoriels ne sont pas pris en charge</translation>
    </message>
    <message>
        <source>long double is not supported</source>
        <translation>le type long double n’est pas pris en charge</translation>
    </message>
    <message>
        <source>half-precision floating point is not supported</source>
        <translation>les flottants en demi-précision ne sont pas pris en charge</translation>
    </message>
    <message>
        <source>values of this type are not supported</source>
        <translation>les valeurs de ce type ne sont pas prises en charge</translation>
    </message>
    <message>
        <source>constant expressions nested more than %1 levels deep are not supported</source>
        <translation>les expressions constantes imbriquées sur plus de %1 niveaux ne sont pas prises en charge</translation>
    </message>
    <message>
        <source>unsupported aggregate constant</source>
        <translation>constante agrégée non prise en charge</translation>
    </message>
    <message>
        <source>long double and half-precision constants are not supported</source>
        <translation>les constantes long double et en demi-précision ne sont pas prises en charge</translation>
    </message>
    <message>
        <source>uses external variable &apos;%1&apos;, which Weft does not provide</source>
        <translation>utilise la variable externe &apos;%1&apos;, que Weft ne fournit pas</translation>
    </message>
    <message>
        <source>uses external function &apos;%1&apos;, which Weft&apos;s interpreter does not implement</source>
        <translation>utilise la fonction externe &apos;%1&apos;, que l’interpréteur de Weft n’implémente pas</translation>
    </message>
    <message>
        <source>uses &apos;%1&apos;: %2 are not supported yet</source>
        <translation>utilise &apos;%1&apos; : pas encore pris en charge (%2)</translation>
    </message>
    <message>
        <source>unsupported constant address expression</source>
        <translation>expression d’adresse constante non prise en charge</translation>
    </message>
    <message>
        <source>unsupported constant cast</source>
        <translation>conversion constante non prise en charge</translation>
    </message>
    <message>
        <source>unsupported constant expression</source>
        <translation>expression constante non prise en charge</translation>
    </message>
    <message>
        <source>unsupported constant expression &apos;%1&apos;</source>
        <translation>expression constante &apos;%1&apos; non prise en charge</translation>
    </message>
    <message>
        <source>unsupported constant</source>
        <translation>constante non prise en charge</translation>
    </message>
    <message>
        <source>unsupported initialiser</source>
        <translation>initialiseur non pris en charge</translation>
    </message>
    <message>
        <source>global variable &apos;%1&apos; is too large (at most 128 MiB)</source>
        <translation>la variable globale &apos;%1&apos; est trop grande (128 Mio au plus)</translation>
    </message>
    <message>
        <source>initialiser of &apos;%1&apos;: %2</source>
        <translation>initialiseur de &apos;%1&apos; : %2</translation>
    </message>
    <message>
        <source>parameter of &apos;%1&apos;: %2</source>
        <translation>paramètre de &apos;%1&apos; : %2</translation>
    </message>
    <message>
        <source>return value of &apos;%1&apos;: %2</source>
        <translation>valeur de retour de &apos;%1&apos; : %2</translation>
    </message>
    <message>
        <source>inline assembly is not supported</source>
        <translation>l’assembleur en ligne n’est pas pris en charge</translation>
    </message>
    <message>
        <source>unsupported operand</source>
        <translation>opérande non pris en charge</translation>
    </message>
    <message>
        <source>this atomic read-modify-write operation is not supported</source>
        <translation>cette opération atomique lecture-modification-écriture n’est pas prise en charge</translation>
    </message>
    <message>
        <source>unsupported instruction &apos;%1&apos;</source>
        <translation>instruction &apos;%1&apos; non prise en charge</translation>
    </message>
    <message>
        <source>invalid LLVM IR: %1</source>
        <translation>IR LLVM invalide : %1</translation>
    </message>
    <message>
        <source>invalid debug info ignored: %1</source>
        <translation>informations de débogage invalides ignorées : %1</translation>
    </message>
    <message>
        <source>cannot link the runtime library</source>
        <translation>impossible de lier la bibliothèque d’exécution</translation>
    </message>
    <message>
        <source>clang could not build a compilation for this file</source>
        <translation>Clang n’a pas pu préparer la compilation de ce fichier</translation>
    </message>
    <message>
        <source>Weft failed to read this program: %1</source>
        <translation>Weft n’a pas pu lire ce programme : %1</translation>
    </message>
    <message>
        <source>T%1 waits for lock %2, which T%3 held when it exited</source>
        <translation>T%1 attend le verrou %2, que T%3 détenait en se terminant</translation>
    </message>
    <message>
        <source>T%1 frees it at %2</source>
        <translation>T%1 le libère en %2</translation>
    </message>
    <message>
        <source>pthread_join of T%1, which has been joined already</source>
        <translation>pthread_join de T%1, déjà attendu par un autre pthread_join</translation>
    </message>
    <message>
        <source>pthread_join of T%1, which pthread_detach has detached</source>
        <translation>pthread_join de T%1, que pthread_detach a détaché</translation>
    </message>
    <message>
        <source>pthread_detach of T%1, which is detached already</source>
        <translation>pthread_detach de T%1, déjà détaché</translation>
    </message>
    <message>
        <source>pthread_detach of T%1, which has been joined already</source>
        <translation>pthread_detach de T%1, déjà attendu par pthread_join</translation>
    </message>
    <message>
        <source>T%1 waits for lock %2, held by T%3</source>
        <translation>T%1 attend le verrou %2, détenu par T%3</translation>
    </message>
    <message>
        <source>T%1 waits for lock %2, which it holds itself</source>
        <translation>T%1 attend le verrou %2, qu&apos;il détient lui-même</translation>
    </message>
</context>
<context>
    <name>RunConfiguration</name>
    <message>
        <source>optimal</source>
        <translation>optimale</translation>
    </message>
    <message>
        <source>source-DPOR</source>
        <translation>source-DPOR</translation>
    </message>
    <message>
        <source>%1-partial</source>
        <translation>%1-partielle</translation>
    </message>
    <message>
        <source>races: %1</source>
        <translation>courses : %1</translation>
    </message>
    <message>
        <source>fatal</source>
        <translation>fatales</translation>
    </message>
    <message>
        <source>ignored</source>
        <translation>ignorées</translation>
    </message>
    <message>
        <source>nondet: %1</source>
        <translation>nondet : %1</translation>
    </message>
    <message>
        <source>timeout %1 s</source>
        <translation>délai %1 s</translation>
    </message>
    <message numerus="yes">
        <source>at most %n execution(s)</source>
        <translation>
            <numerusform>au plus %n exécution</numerusform>
            <numerusform>au plus %n exécutions</numerusform>
        </translation>
    </message>
    <message>
        <source>one job</source>
        <translation>une tâche</translation>
    </message>
    <message>
        <source>%1 jobs</source>
        <translation>%1 tâches</translation>
    </message>
    <message>
        <source>%1 steps between actions</source>
        <translation>%1 pas entre deux actions</translation>
    </message>
    <message>
        <source>%1 MiB per execution</source>
        <translation>%1 Mio par exécution</translation>
    </message>
</context>
<context>
    <name>weft::gui::ExamplesMenu</name>
    <message>
        <source>E&amp;xamples</source>
        <translation>E&amp;xemples</translation>
    </message>
    <message>
        <source>(no examples found)</source>
        <translation>(aucun exemple trouvé)</translation>
    </message>
</context>
<context>
    <name>weft::gui::MainWindow</name>
    <message>
        <source>Weft</source>
        <translation>Weft</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>&amp;Ouvrir…</translation>
    </message>
    <message>
        <source>Open a C file (Ctrl+O)</source>
        <translation>Ouvrir un fichier C (Ctrl+O)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Quitter</translation>
    </message>
    <message>
        <source>&amp;Explore</source>
        <translation>&amp;Explorer</translation>
    </message>
    <message>
        <source>Explore every interleaving of the program (F5)</source>
        <translation>Explorer tous les entrelacements du programme (F5)</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>&amp;Pause</translation>
    </message>
    <message>
        <source>Pause or resume the exploration (F6)</source>
        <translation>Suspendre ou reprendre l’exploration (F6)</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>&amp;Annuler</translation>
    </message>
    <message>
        <source>Stop the exploration and keep what it found, or stop loading an execution (Shift+F5)</source>
        <translation>Arrêter l’exploration en gardant ce qu’elle a trouvé, ou arrêter le chargement d’une exécution (Maj+F5)</translation>
    </message>
    <message>
        <source>Zoom &amp;In</source>
        <translation>Zoom &amp;avant</translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation>Zoom a&amp;rrière</translation>
    </message>
    <message>
        <source>&amp;Fit Event Structure</source>
        <translation>&amp;Ajuster la structure d’événements</translation>
    </message>
    <message>
        <source>&amp;About Weft</source>
        <translation>À &amp;propos de Weft</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Fichier</translation>
    </message>
    <message>
        <source>E&amp;xplore</source>
        <translation>E&amp;xploration</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Affichage</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>Ai&amp;de</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>À propos de &amp;Qt</translation>
    </message>
    <message>
        <source>Exploration</source>
        <translation>Exploration</translation>
    </message>
    <message>
        <source>Exploration Tree</source>
        <translation>Arbre d’exploration</translation>
    </message>
    <message>
        <source>Event Structure</source>
        <translation>Structure d’événements</translation>
    </message>
    <message>
        <source>Defects</source>
        <translation>Défauts</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>Impossible de lire %1 : %2</translation>
    </message>
    <message>
        <source>Loaded %1. Press F5 to explore.</source>
        <translation>%1 chargé. Appuyez sur F5 pour explorer.</translation>
    </message>
    <message numerus="yes">
        <source>%1 does not compile (%n error(s)); hover the underlined code.</source>
        <translation>
            <numerusform>%1 ne compile pas (%n erreur) ; survolez le code souligné.</numerusform>
            <numerusform>%1 ne compile pas (%n erreurs) ; survolez le code souligné.</numerusform>
        </translation>
    </message>
    <message>
        <source>Open C File</source>
        <translation>Ouvrir un fichier C</translation>
    </message>
    <message>
        <source>C files (*.c);;LLVM IR (*.ll *.bc);;All files (*)</source>
        <translation>Fichiers C (*.c);;LLVM IR (*.ll *.bc);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <source>Exploring %1…</source>
        <translation>Exploration de %1…</translation>
    </message>
    <message numerus="yes">
        <source>Exploring %1 with %n jobs: the exploration tree shows the executions as they arrive; once the exploration ends, it is drawn in one job&apos;s order.</source>
        <translation>
            <numerusform>Exploration de %1 avec %n tâche : l’arbre d’exploration montre les exécutions dans l’ordre où elles arrivent ; à la fin de l’exploration, il est redessiné dans l’ordre d’une seule tâche.</numerusform>
            <numerusform>Exploration de %1 avec %n tâches : l’arbre d’exploration montre les exécutions dans l’ordre où elles arrivent ; à la fin de l’exploration, il est redessiné dans l’ordre d’une seule tâche.</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Resume</source>
        <translation>&amp;Reprendre</translation>
    </message>
    <message>
        <source>%1: %2 maximal configurations, %3 SSB, %4 events, %5 defects in %6 s.</source>
        <translation>%1 : %2 configurations maximales, %3 SSB, %4 événements, %5 défauts en %6 s.</translation>
    </message>
    <message>
        <source>About Weft</source>
        <translation>À propos de Weft</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Weft %1&lt;/h3&gt;&lt;p&gt;An interactive concurrency debugger for C programs that use POSIX threads. Weft explores every meaningfully different interleaving with unfolding-based partial-order reduction and shows the event structure and the exploration tree as they grow.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Weft %1&lt;/h3&gt;&lt;p&gt;Un débogueur interactif de concurrence pour les programmes C qui utilisent les threads POSIX. Weft explore tous les entrelacements réellement différents par réduction d’ordre partiel fondée sur les dépliages, et montre la structure d’événements et l’arbre d’exploration à mesure qu’ils grandissent.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&amp;Debug</source>
        <translation>&amp;Débogage</translation>
    </message>
    <message>
        <source>Debug</source>
        <translation>Débogage</translation>
    </message>
    <message>
        <source>Threads</source>
        <translation>Threads</translation>
    </message>
    <message>
        <source>Variables</source>
        <translation>Variables</translation>
    </message>
    <message>
        <source>Trace</source>
        <translation>Trace</translation>
    </message>
    <message>
        <source>Console</source>
        <translation>Console</translation>
    </message>
    <message>
        <source>Execution %1 loaded in the trace (%2 events): F10 steps an event, F11 a line, F8 runs to the end.</source>
        <translation>Exécution %1 chargée dans la trace (%2 événements) : F10 avance d’un événement, F11 d’une ligne, F8 va jusqu’à la fin.</translation>
    </message>
    <message>
        <source>Weft &amp;Help</source>
        <translation>&amp;Aide de Weft</translation>
    </message>
    <message>
        <source>What each pane shows and the keys (F1)</source>
        <translation>Ce que montre chaque panneau, et les touches (F1)</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>E&amp;xporter</translation>
    </message>
    <message>
        <source>Weft Help</source>
        <translation>Aide de Weft</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Weft in short&lt;/h3&gt;&lt;p&gt;&lt;b&gt;Open&lt;/b&gt; a C file (Ctrl+O, File ▸ Examples) and &lt;b&gt;Explore&lt;/b&gt; it (F5): Weft runs every meaningfully different interleaving of its threads. Pause with F6, cancel with Shift+F5.&lt;/p&gt;&lt;ul&gt;&lt;li&gt;&lt;b&gt;Exploration tree&lt;/b&gt;: one leaf per execution (red diamond: a defect). Click a leaf to load its interleaving.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Event structure&lt;/b&gt;: the events of all executions, one lane per thread; the selected execution is highlighted. Click an event to see its line and its step in the trace.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Trace&lt;/b&gt;: the loaded interleaving, one column per thread. F10 performs the next event, Shift+F10 goes back, F11 runs the running thread to its next line, Ctrl+F10 runs to the selected step, F8 to the end, Ctrl+Shift+F10 restarts. The editor marks each thread&apos;s line.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Threads&lt;/b&gt;: each thread&apos;s state (running, ready, blocked on what, finished) and call stack; select a frame to see its locals in &lt;b&gt;Variables&lt;/b&gt; (values changed by the last step are highlighted). &lt;b&gt;Console&lt;/b&gt;: what the program printed so far.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Defects&lt;/b&gt;: double-click one to replay its counterexample to the failing step.&lt;/li&gt;&lt;/ul&gt;&lt;p&gt;Settings: the exploration policy, bounds and language. File ▸ Export saves the diagrams (SVG, PNG), the results (JSON, as &lt;tt&gt;weft explore --json&lt;/tt&gt;) and the trace (text).&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Weft en bref&lt;/h3&gt;&lt;p&gt;&lt;b&gt;Ouvrez&lt;/b&gt; un fichier C (Ctrl+O, Fichier ▸ Exemples) et &lt;b&gt;explorez&lt;/b&gt;-le (F5) : Weft exécute tous les entrelacements réellement différents de ses threads. Suspendez avec F6, annulez avec Maj+F5.&lt;/p&gt;&lt;ul&gt;&lt;li&gt;&lt;b&gt;Arbre d’exploration&lt;/b&gt; : une feuille par exécution (losange rouge : un défaut). Cliquez sur une feuille pour charger son entrelacement.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Structure d’événements&lt;/b&gt; : les événements de toutes les exécutions, une voie par thread ; l’exécution sélectionnée est mise en évidence. Cliquez sur un événement pour voir sa ligne et son étape dans la trace.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Trace&lt;/b&gt; : l’entrelacement chargé, une colonne par thread. F10 effectue l’événement suivant, Maj+F10 revient en arrière, F11 exécute le thread actif jusqu’à sa ligne suivante, Ctrl+F10 va à l’étape sélectionnée, F8 jusqu’à la fin, Ctrl+Maj+F10 recommence. L’éditeur marque la ligne de chaque thread.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Threads&lt;/b&gt; : l’état de chaque thread (actif, prêt, bloqué sur quoi, terminé) et sa pile d’appels ; sélectionnez un cadre pour voir ses variables locales dans &lt;b&gt;Variables&lt;/b&gt; (les valeurs modifiées par le dernier pas sont surlignées). &lt;b&gt;Console&lt;/b&gt; : ce que le programme a affiché jusqu’ici.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Défauts&lt;/b&gt; : double-cliquez sur l’un d’eux pour rejouer son contre-exemple jusqu’à l’étape fautive.&lt;/li&gt;&lt;/ul&gt;&lt;p&gt;Réglages : la politique d’exploration, les bornes et la langue. Fichier ▸ Exporter enregistre les diagrammes (SVG, PNG), les résultats (JSON, comme &lt;tt&gt;weft explore --json&lt;/tt&gt;) et la trace (texte).&lt;/p&gt;</translation>
    </message>
    <message>
        <source>SVG image (*.svg);;PNG image (*.png)</source>
        <translation>Image SVG (*.svg);;Image PNG (*.png)</translation>
    </message>
    <message>
        <source>Event &amp;Structure…</source>
        <translation>&amp;Structure d’événements…</translation>
    </message>
    <message>
        <source>Save the event structure as SVG or PNG (Ctrl+Shift+E)</source>
        <translation>Enregistrer la structure d’événements en SVG ou PNG (Ctrl+Maj+E)</translation>
    </message>
    <message>
        <source>Export Event Structure</source>
        <translation>Exporter la structure d’événements</translation>
    </message>
    <message>
        <source>Exploration &amp;Tree…</source>
        <translation>&amp;Arbre d’exploration…</translation>
    </message>
    <message>
        <source>Save the exploration tree as SVG or PNG (Ctrl+Shift+T)</source>
        <translation>Enregistrer l’arbre d’exploration en SVG ou PNG (Ctrl+Maj+T)</translation>
    </message>
    <message>
        <source>Export Exploration Tree</source>
        <translation>Exporter l’arbre d’exploration</translation>
    </message>
    <message>
        <source>&amp;Results as JSON…</source>
        <translation>&amp;Résultats en JSON…</translation>
    </message>
    <message>
        <source>Save the statistics and defects as weft explore --json does (Ctrl+Shift+J)</source>
        <translation>Enregistrer les statistiques et les défauts comme le fait weft explore --json (Ctrl+Maj+J)</translation>
    </message>
    <message>
        <source>Export Results</source>
        <translation>Exporter les résultats</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <source>Trace as &amp;Text…</source>
        <translation>&amp;Trace en texte…</translation>
    </message>
    <message>
        <source>Save the interleaving loaded in the trace as text (Ctrl+Shift+X)</source>
        <translation>Enregistrer en texte l’entrelacement chargé dans la trace (Ctrl+Maj+X)</translation>
    </message>
    <message>
        <source>Export Trace</source>
        <translation>Exporter la trace</translation>
    </message>
    <message>
        <source>Text (*.txt)</source>
        <translation>Texte (*.txt)</translation>
    </message>
    <message>
        <source>Saved %1.</source>
        <translation>%1 enregistré.</translation>
    </message>
    <message>
        <source>Cannot write %1 (nothing to draw yet?).</source>
        <translation>Impossible d’écrire %1 (rien à dessiner pour l’instant ?).</translation>
    </message>
    <message>
        <source>Nothing to export yet: explore the program first (F5).</source>
        <translation>Rien à exporter pour l’instant : explorez d’abord le programme (F5).</translation>
    </message>
    <message>
        <source>Cannot write %1.</source>
        <translation>Impossible d’écrire %1.</translation>
    </message>
    <message>
        <source>No trace loaded: click a leaf of the exploration tree or a defect first.</source>
        <translation>Aucune trace chargée : cliquez d’abord sur une feuille de l’arbre d’exploration ou sur un défaut.</translation>
    </message>
    <message>
        <source>E&amp;xplore with This Event</source>
        <translation>E&amp;xplorer avec cet événement</translation>
    </message>
    <message>
        <source>Replay a run that contains the selected event and as much of the current execution as is compatible (Ctrl+E)</source>
        <translation>Rejouer une exécution qui contient l’événement sélectionné et tout ce qui est compatible de l’exécution courante (Ctrl+E)</translation>
    </message>
    <message>
        <source>Now exploring with event %1 (%2): its causes, %3 compatible events of the previous execution, then free run to the end (%4 steps). The event is the next step.</source>
        <translation>Exploration avec l’événement %1 (%2) : ses causes, %3 événements compatibles de l’exécution précédente, puis exécution libre jusqu’à la fin (%4 étapes). L’événement est l’étape suivante.</translation>
    </message>
    <message>
        <source>What if T%1 had gone first here: %2</source>
        <translation>Et si T%1 était passé en premier ici : %2</translation>
    </message>
    <message>
        <source>No other thread could have gone first here</source>
        <translation>Aucun autre thread n’aurait pu passer en premier ici</translation>
    </message>
    <message>
        <source>Filter &amp;Threads</source>
        <translation>Filtrer les &amp;threads</translation>
    </message>
    <message>
        <source>Show &amp;All Threads</source>
        <translation>Afficher &amp;tous les threads</translation>
    </message>
    <message>
        <source>Show the events of every thread in the event structure (Ctrl+Shift+A)</source>
        <translation>Afficher les événements de tous les threads dans la structure d’événements (Ctrl+Maj+A)</translation>
    </message>
    <message>
        <source>T%1</source>
        <translation>T%1</translation>
    </message>
    <message>
        <source>Show or hide thread T%1&apos;s events in the event structure</source>
        <translation>Afficher ou masquer les événements du thread T%1 dans la structure d’événements</translation>
    </message>
    <message>
        <source>line %1: %2</source>
        <translation>ligne %1 : %2</translation>
    </message>
    <message>
        <source>%1 does not compile (%2); %3 stays loaded.</source>
        <translation>%1 ne compile pas (%2) ; %3 reste chargé.</translation>
    </message>
    <message>
        <source>%1 could not be compiled: %2</source>
        <translation>%1 n’a pas pu être compilé : %2</translation>
    </message>
    <message>
        <source>Data race: %1</source>
        <translation>Accès concurrent non synchronisé : %1</translation>
    </message>
    <message>
        <source>Run &amp;Configuration…</source>
        <translation>&amp;Configuration d’exécution…</translation>
    </message>
    <message>
        <source>Defines, include directories, C standard, event model, races, nondet values, policy and bounds of this file (Ctrl+Shift+R)</source>
        <translation>Macros, répertoires d’inclusion, norme C, modèle d’événements, courses, valeurs nondet, politique et bornes de ce fichier (Ctrl+Maj+R)</translation>
    </message>
    <message>
        <source>%1 (command line)</source>
        <translation>%1 (ligne de commande)</translation>
    </message>
    <message>
        <source>Run configuration: %1
As a command: weft explore FILE %2
Click to change it (Explore ▸ Run Configuration).</source>
        <translation>Configuration d’exécution : %1
En commande : weft explore FICHIER %2
Cliquer pour la modifier (Explorer ▸ Configuration d’exécution).</translation>
    </message>
    <message>
        <source>Run configuration changed: press F5 to explore with it.</source>
        <translation>Configuration d’exécution modifiée : F5 explore avec elle.</translation>
    </message>
    <message>
        <source>Edited: Ctrl+S saves and compiles it again, then F5 explores it.</source>
        <translation>Modifié : Ctrl+S l’enregistre et le recompile, puis F5 l’explore.</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Enregistrer</translation>
    </message>
    <message>
        <source>Save the edited file and compile it again (Ctrl+S)</source>
        <translation>Enregistrer le fichier modifié et le recompiler (Ctrl+S)</translation>
    </message>
    <message>
        <source>&amp;Reload</source>
        <translation>&amp;Recharger</translation>
    </message>
    <message>
        <source>Load the file again from disk, dropping unsaved edits (Ctrl+R)</source>
        <translation>Recharger le fichier depuis le disque, en abandonnant les modifications non enregistrées (Ctrl+R)</translation>
    </message>
    <message>
        <source>%1[*] — Weft</source>
        <translation>%1[*] — Weft</translation>
    </message>
    <message>
        <source>%1 cannot be explored: %2</source>
        <translation>%1 ne peut pas être exploré : %2</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 cannot be explored:&lt;/b&gt; %2</source>
        <translation>&lt;b&gt;%1 ne peut pas être exploré :&lt;/b&gt; %2</translation>
    </message>
    <message>
        <source>Cannot save %1: %2</source>
        <translation>Impossible d’enregistrer %1 : %2</translation>
    </message>
    <message>
        <source>%1 changed on disk; your edits are kept (File ▸ Reload takes the file&apos;s version, File ▸ Save replaces it).</source>
        <translation>%1 a changé sur le disque ; vos modifications sont conservées (Fichier ▸ Recharger prend la version du fichier, Fichier ▸ Enregistrer la remplace).</translation>
    </message>
    <message>
        <source>%1 changed on disk and was reloaded: press F5 to explore it.</source>
        <translation>%1 a changé sur le disque et a été rechargé : F5 l’explore.</translation>
    </message>
    <message>
        <source>&amp;Presentation View</source>
        <translation>Vue &amp;présentation</translation>
    </message>
    <message>
        <source>For a projector: larger text, only the editor, the event structure, the trace and the defects (Ctrl+Alt+P)</source>
        <translation>Pour un projecteur : texte plus grand, seulement l’éditeur, la structure d’événements, la trace et les défauts (Ctrl+Alt+P)</translation>
    </message>
    <message>
        <source>&amp;Larger Text</source>
        <translation>Texte plus &amp;grand</translation>
    </message>
    <message>
        <source>Scale the text of the whole window up (Ctrl++)</source>
        <translation>Agrandir le texte de toute la fenêtre (Ctrl++)</translation>
    </message>
    <message>
        <source>&amp;Smaller Text</source>
        <translation>Texte plus &amp;petit</translation>
    </message>
    <message>
        <source>Scale the text of the whole window down (Ctrl+-)</source>
        <translation>Réduire le texte de toute la fenêtre (Ctrl+-)</translation>
    </message>
    <message>
        <source>&amp;Normal Text Size</source>
        <translation>Taille de texte &amp;normale</translation>
    </message>
    <message>
        <source>Unsaved Changes</source>
        <translation>Modifications non enregistrées</translation>
    </message>
    <message>
        <source>%1 has unsaved changes. Save them before closing it?</source>
        <translation>%1 a des modifications non enregistrées. Les enregistrer avant de le fermer ?</translation>
    </message>
    <message numerus="yes">
        <source>This run is not among the %n execution(s) explored so far: it is drawn as its own leaf, right of the tree.</source>
        <translation>
            <numerusform>Cette exécution ne fait pas partie de l’exécution explorée jusqu’ici : elle est dessinée comme sa propre feuille, à droite de l’arbre.</numerusform>
            <numerusform>Cette exécution ne fait pas partie des %n exécutions explorées jusqu’ici : elle est dessinée comme sa propre feuille, à droite de l’arbre.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>weft::gui::RecentFilesMenu</name>
    <message>
        <source>&amp;Recent Files</source>
        <translation>Fichiers &amp;récents</translation>
    </message>
    <message>
        <source>(none yet)</source>
        <translation>(aucun pour l’instant)</translation>
    </message>
</context>
<context>
    <name>weft::gui::ReplayController</name>
    <message>
        <source>The chosen interleaving, one column per thread. Double-click a step (or press Enter on it) to run to it.</source>
        <translation>L’entrelacement choisi, une colonne par thread. Double-cliquez sur une étape (ou appuyez sur Entrée) pour y aller.</translation>
    </message>
    <message>
        <source>Each thread&apos;s state and call stack; select a frame to see its locals.</source>
        <translation>L’état et la pile d’appels de chaque thread ; sélectionnez un cadre pour voir ses variables locales.</translation>
    </message>
    <message>
        <source>Globals and the selected frame&apos;s locals; values changed by the last step are highlighted.</source>
        <translation>Les globales et les variables locales du cadre sélectionné ; les valeurs modifiées par le dernier pas sont surlignées.</translation>
    </message>
    <message>
        <source>The replayed program&apos;s output appears here.</source>
        <translation>La sortie du programme rejoué s’affiche ici.</translation>
    </message>
    <message>
        <source>Step &amp;Event</source>
        <translation>Pas d’&amp;événement</translation>
    </message>
    <message>
        <source>Perform the next event of the interleaving (F10)</source>
        <translation>Effectuer l’événement suivant de l’entrelacement (F10)</translation>
    </message>
    <message>
        <source>Step &amp;Back</source>
        <translation>Pas en a&amp;rrière</translation>
    </message>
    <message>
        <source>Go back one event (Shift+F10)</source>
        <translation>Revenir d’un événement en arrière (Maj+F10)</translation>
    </message>
    <message>
        <source>Step &amp;Line</source>
        <translation>Pas de &amp;ligne</translation>
    </message>
    <message>
        <source>Run the running thread to its next source line (F11)</source>
        <translation>Exécuter le thread actif jusqu’à sa prochaine ligne de source (F11)</translation>
    </message>
    <message>
        <source>Run to &amp;Selected Event</source>
        <translation>Aller à l’événement &amp;sélectionné</translation>
    </message>
    <message>
        <source>Replay up to the event selected in the trace (Ctrl+F10)</source>
        <translation>Rejouer jusqu’à l’événement sélectionné dans la trace (Ctrl+F10)</translation>
    </message>
    <message>
        <source>Run to E&amp;nd</source>
        <translation>Aller à la &amp;fin</translation>
    </message>
    <message>
        <source>Replay to the end of the interleaving or its defect (F8)</source>
        <translation>Rejouer jusqu’à la fin de l’entrelacement ou jusqu’à son défaut (F8)</translation>
    </message>
    <message>
        <source>&amp;Restart Replay</source>
        <translation>&amp;Recommencer le rejeu</translation>
    </message>
    <message>
        <source>Back to the start of the interleaving (Ctrl+Shift+F10)</source>
        <translation>Revenir au début de l’entrelacement (Ctrl+Maj+F10)</translation>
    </message>
    <message>
        <source>T%1</source>
        <translation>T%1</translation>
    </message>
    <message>
        <source>End of the interleaving (%1 events): %2</source>
        <translation>Fin de l’entrelacement (%1 événements) : %2</translation>
    </message>
    <message>
        <source>End of the interleaving (%1 events): every thread finished.</source>
        <translation>Fin de l’entrelacement (%1 événements) : tous les threads ont terminé.</translation>
    </message>
    <message>
        <source>Step %1 of %2: T%3 runs its local code.</source>
        <translation>Étape %1 sur %2 : T%3 exécute son code local.</translation>
    </message>
    <message>
        <source>Step %1 of %2: next T%3 %4.</source>
        <translation>Étape %1 sur %2 : ensuite T%3 %4.</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <source>Stop loading this execution</source>
        <translation>Arrêter le chargement de cette exécution</translation>
    </message>
    <message>
        <source>Loading %1 events…</source>
        <translation>Chargement de %1 événements…</translation>
    </message>
    <message>
        <source>Loading an execution of %1 events (Cancel stops it)…</source>
        <translation>Chargement d’une exécution de %1 événements (Annuler l’arrête)…</translation>
    </message>
    <message>
        <source>Tracing: %1 of %2 events</source>
        <translation>Trace : %1 événements sur %2</translation>
    </message>
    <message>
        <source>Running to the step: %1 events</source>
        <translation>Avance jusqu’à l’étape : %1 événements</translation>
    </message>
    <message>
        <source>Loading the execution was cancelled.</source>
        <translation>Chargement de l’exécution annulé.</translation>
    </message>
    <message>
        <source>Stopped at step %1 of %2.</source>
        <translation>Arrêté à l’étape %1 sur %2.</translation>
    </message>
    <message>
        <source>Running to step %1…</source>
        <translation>Avance jusqu’à l’étape %1…</translation>
    </message>
</context>
<context>
    <name>weft::gui::RunConfigurationDialog</name>
    <message>
        <source>Run Configuration</source>
        <translation>Configuration d’exécution</translation>
    </message>
    <message>
        <source>e.g. N=4 DEBUG</source>
        <translation>p. ex. N=4 DEBUG</translation>
    </message>
    <message>
        <source>Macros defined before compiling, as -D NAME[=VALUE]; separate them with spaces</source>
        <translation>Macros définies avant la compilation, comme -D NOM[=VALEUR] ; séparées par des espaces</translation>
    </message>
    <message>
        <source>e.g. include ../common</source>
        <translation>p. ex. include ../commun</translation>
    </message>
    <message>
        <source>Directories searched for #include, as -I DIR; separate them with spaces</source>
        <translation>Répertoires où chercher les #include, comme -I RÉP ; séparés par des espaces</translation>
    </message>
    <message>
        <source>The C dialect (--std)</source>
        <translation>Le dialecte C (--std)</translation>
    </message>
    <message>
        <source>sync: synchronisation operations are events</source>
        <translation>sync : les opérations de synchronisation sont des événements</translation>
    </message>
    <message>
        <source>sc: also every shared memory access</source>
        <translation>sc : aussi chaque accès à la mémoire partagée</translation>
    </message>
    <message>
        <source>report and go on</source>
        <translation>signaler et continuer</translation>
    </message>
    <message>
        <source>fatal: end the execution</source>
        <translation>fatales : terminer l’exécution</translation>
    </message>
    <message>
        <source>ignore</source>
        <translation>ignorer</translation>
    </message>
    <message>
        <source>__VERIFIER_nondet_* values: zero, random, random:SEED or explore:LO..HI</source>
        <translation>Valeurs __VERIFIER_nondet_* : zero, random, random:GRAINE ou explore:MIN..MAX</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>none</source>
        <translation>aucun</translation>
    </message>
    <message>
        <source>no bound</source>
        <translation>sans borne</translation>
    </message>
    <message>
        <source>&amp;Defines (-D):</source>
        <translation>&amp;Macros (-D) :</translation>
    </message>
    <message>
        <source>&amp;Include directories (-I):</source>
        <translation>Répertoires d’&amp;inclusion (-I) :</translation>
    </message>
    <message>
        <source>C &amp;standard:</source>
        <translation>&amp;Norme C :</translation>
    </message>
    <message>
        <source>Event &amp;model:</source>
        <translation>&amp;Modèle d’événements :</translation>
    </message>
    <message>
        <source>Data &amp;races:</source>
        <translation>&amp;Courses aux données :</translation>
    </message>
    <message>
        <source>&amp;Nondet values:</source>
        <translation>&amp;Valeurs nondet :</translation>
    </message>
    <message>
        <source>Exploration &amp;policy:</source>
        <translation>&amp;Politique d’exploration :</translation>
    </message>
    <message>
        <source>&amp;Timeout:</source>
        <translation>&amp;Délai :</translation>
    </message>
    <message>
        <source>Maximal &amp;executions:</source>
        <translation>&amp;Exécutions au plus :</translation>
    </message>
    <message>
        <source>Unknown C standard &apos;%1&apos; (expected c89 … c23 or gnu89 … gnu23).</source>
        <translation>Norme C inconnue « %1 » (attendu : c89 … c23 ou gnu89 … gnu23).</translation>
    </message>
    <message>
        <source>Nondet values: zero, random, random:SEED or explore:LO..HI (LO ≤ HI within -32768..32767), not &apos;%1&apos;.</source>
        <translation>Valeurs nondet : zero, random, random:GRAINE ou explore:MIN..MAX (MIN ≤ MAX dans -32768..32767), pas « %1 ».</translation>
    </message>
    <message>
        <source>Instructions a thread may run between two visible actions before Weft reports it as looping (--max-steps)</source>
        <translation>Instructions qu’un thread peut exécuter entre deux actions visibles avant que Weft ne le signale comme bouclant (--max-steps)</translation>
    </message>
    <message>
        <source> MiB</source>
        <translation> Mio</translation>
    </message>
    <message>
        <source>Heap and stack one execution may hold (--max-memory)</source>
        <translation>Tas et pile qu’une exécution peut occuper (--max-memory)</translation>
    </message>
    <message>
        <source>Steps between &amp;actions:</source>
        <translation>Pas entre deux &amp;actions :</translation>
    </message>
    <message>
        <source>Memor&amp;y per execution:</source>
        <translation>Mémoire par e&amp;xécution :</translation>
    </message>
    <message>
        <source>&amp;Jobs (worker threads):</source>
        <translation>&amp;Tâches (fils d’exploration) :</translation>
    </message>
    <message>
        <source>Worker threads that explore at once (--jobs; default: the CPUs, at most 8). With more than one, the views merge the workers&apos; events; the exploration tree shows executions as they arrive, and in one job&apos;s order once the exploration ends. A stop at a defect or a bound on executions explores with one job.</source>
        <translation>Fils qui explorent en même temps (--jobs ; par défaut : les processeurs, au plus 8). Avec plus d’un, les vues fusionnent les événements des fils ; l’arbre d’exploration montre les exécutions dans l’ordre où elles arrivent, puis dans l’ordre d’une seule tâche à la fin de l’exploration. Un arrêt sur un défaut ou une borne sur les exécutions explore avec une seule tâche.</translation>
    </message>
</context>
<context>
    <name>weft::gui::SettingsMenu</name>
    <message>
        <source>&amp;Settings</source>
        <translation>&amp;Réglages</translation>
    </message>
    <message>
        <source>Exploration &amp;Policy</source>
        <translation>&amp;Politique d’exploration</translation>
    </message>
    <message>
        <source>&amp;Optimal</source>
        <translation>&amp;Optimale</translation>
    </message>
    <message>
        <source>Each maximal configuration exactly once, never a sleep-set-blocked execution</source>
        <translation>Chaque configuration maximale exactement une fois, jamais d’exécution bloquée par ensemble de sommeil</translation>
    </message>
    <message>
        <source>&amp;Only-last (k = 1)</source>
        <translation>&amp;Dernière seulement (k = 1)</translation>
    </message>
    <message>
        <source>k-partial alternatives with k = 1: cheaper, may explore redundant executions</source>
        <translation>Alternatives k-partielles avec k = 1 : moins coûteuses, peuvent explorer des exécutions redondantes</translation>
    </message>
    <message>
        <source>&amp;2-partial</source>
        <translation>&amp;2-partielle</translation>
    </message>
    <message>
        <source>k-partial alternatives with k = 2</source>
        <translation>Alternatives k-partielles avec k = 2</translation>
    </message>
    <message>
        <source>&amp;3-partial</source>
        <translation>&amp;3-partielle</translation>
    </message>
    <message>
        <source>k-partial alternatives with k = 3</source>
        <translation>Alternatives k-partielles avec k = 3</translation>
    </message>
    <message>
        <source>&amp;Source-DPOR</source>
        <translation>&amp;Source-DPOR</translation>
    </message>
    <message>
        <source>Emulates source-DPOR&apos;s alternatives</source>
        <translation>Émule les alternatives de source-DPOR</translation>
    </message>
    <message>
        <source>Exploration &amp;Bounds…</source>
        <translation>&amp;Bornes d’exploration…</translation>
    </message>
    <message>
        <source>Timeout and maximal number of executions of an exploration</source>
        <translation>Délai maximal et nombre maximal d’exécutions d’une exploration</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Langue</translation>
    </message>
    <message>
        <source>&amp;System Default</source>
        <translation>Langue du &amp;système</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Langue</translation>
    </message>
    <message>
        <source>The new language is used from the next start of Weft.</source>
        <translation>La nouvelle langue sera utilisée au prochain démarrage de Weft.</translation>
    </message>
    <message>
        <source>Exploration Bounds</source>
        <translation>Bornes d’exploration</translation>
    </message>
    <message>
        <source>Timeout in seconds (0: none):</source>
        <translation>Délai maximal en secondes (0 : aucun) :</translation>
    </message>
    <message>
        <source>Maximal number of executions (0: no bound):</source>
        <translation>Nombre maximal d’exécutions (0 : sans borne) :</translation>
    </message>
</context>
<context>
    <name>weft::views::CountersBar</name>
    <message>
        <source>Executions:</source>
        <translation>Exécutions :</translation>
    </message>
    <message>
        <source>Maximal:</source>
        <translation>Maximales :</translation>
    </message>
    <message>
        <source>SSB:</source>
        <translation>SSB :</translation>
    </message>
    <message>
        <source>Events:</source>
        <translation>Événements :</translation>
    </message>
    <message>
        <source>Defects:</source>
        <translation>Défauts :</translation>
    </message>
    <message>
        <source>Elapsed:</source>
        <translation>Durée :</translation>
    </message>
    <message>
        <source>Executions of the program run so far</source>
        <translation>Exécutions du programme effectuées jusqu’ici</translation>
    </message>
    <message>
        <source>Maximal configurations: executions that are not redundant</source>
        <translation>Configurations maximales : exécutions non redondantes</translation>
    </message>
    <message>
        <source>Sleep-set blocked executions: redundant runs the exploration had to abandon</source>
        <translation>Exécutions bloquées par l’ensemble de sommeil (SSB) : exécutions redondantes abandonnées par l’exploration</translation>
    </message>
    <message>
        <source>Events in the event structure</source>
        <translation>Événements de la structure d’événements</translation>
    </message>
    <message>
        <source>Distinct defects found (kind and message)</source>
        <translation>Défauts distincts trouvés (type et message)</translation>
    </message>
    <message>
        <source>Time spent exploring, pauses excluded</source>
        <translation>Temps passé à explorer, pauses exclues</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>Prêt</translation>
    </message>
    <message>
        <source>Finished</source>
        <translation>Terminé</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>Annulé</translation>
    </message>
    <message>
        <source>Timed out</source>
        <translation>Délai dépassé</translation>
    </message>
    <message>
        <source>Execution limit reached</source>
        <translation>Limite d’exécutions atteinte</translation>
    </message>
    <message>
        <source>Event limit reached</source>
        <translation>Limite d’événements atteinte</translation>
    </message>
    <message>
        <source>Stopped at the first defect</source>
        <translation>Arrêté au premier défaut</translation>
    </message>
    <message>
        <source>Stopped: non-deterministic program</source>
        <translation>Arrêté : programme non déterministe</translation>
    </message>
    <message>
        <source>Memory limit reached</source>
        <translation>Limite de mémoire atteinte</translation>
    </message>
    <message>
        <source>Stopped: internal error</source>
        <translation>Arrêté : erreur interne</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>Exploring…</source>
        <translation>Exploration…</translation>
    </message>
    <message>
        <source>Paused</source>
        <translation>En pause</translation>
    </message>
</context>
<context>
    <name>weft::views::DefectsModel</name>
    <message>
        <source>assertion failure</source>
        <translation>échec d’assertion</translation>
    </message>
    <message>
        <source>deadlock</source>
        <translation>interblocage</translation>
    </message>
    <message>
        <source>data race</source>
        <translation>accès concurrent</translation>
    </message>
    <message>
        <source>abort</source>
        <translation>abandon (abort)</translation>
    </message>
    <message>
        <source>non-zero exit</source>
        <translation>sortie non nulle</translation>
    </message>
    <message>
        <source>undefined behaviour</source>
        <translation>comportement indéfini</translation>
    </message>
    <message>
        <source>uninitialised read</source>
        <translation>lecture non initialisée</translation>
    </message>
    <message>
        <source>step bound exceeded</source>
        <translation>borne de pas dépassée</translation>
    </message>
    <message>
        <source>invalid synchronisation</source>
        <translation>synchronisation invalide</translation>
    </message>
    <message>
        <source>non-deterministic replay</source>
        <translation>rejeu non déterministe</translation>
    </message>
    <message>
        <source>unsupported operation</source>
        <translation>opération non prise en charge</translation>
    </message>
    <message>
        <source>livelock</source>
        <translation>boucle infinie d&apos;attente (livelock)</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Type</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Message</translation>
    </message>
    <message>
        <source>Location</source>
        <translation>Emplacement</translation>
    </message>
    <message>
        <source>Executions</source>
        <translation>Exécutions</translation>
    </message>
    <message>
        <source>resource limit exceeded</source>
        <translation>limite de ressources dépassée</translation>
    </message>
</context>
<context>
    <name>weft::views::EventStructureView</name>
    <message>
        <source>The event structure: one lane per thread, events ordered by causality. Black arrows follow a thread, blue arrows cross threads, dashed red lines join events in conflict. Ctrl+wheel or +/- zooms, 0 fits, drag to pan.</source>
        <translation>La structure d’événements : une colonne par thread, les événements rangés par causalité. Les flèches noires suivent un thread, les flèches bleues passent d’un thread à l’autre, les tirets rouges relient les événements en conflit. Ctrl+molette ou +/- zoome, 0 ajuste, glisser pour déplacer.</translation>
    </message>
    <message>
        <source>T%1</source>
        <translation>T%1</translation>
    </message>
    <message numerus="yes">
        <source>Overview of %n event(s): shade = events per thread and causality depth (down). Zoom in (+) to see them.</source>
        <translation>
            <numerusform>Vue d’ensemble de %n événement : teinte = événements par thread et profondeur causale (vers le bas). Zoomez (+) pour le voir.</numerusform>
            <numerusform>Vue d’ensemble de %n événements : teinte = événements par thread et profondeur causale (vers le bas). Zoomez (+) pour les voir.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>weft::views::ExplorationTreeScene</name>
    <message>
        <source>Execution %1: maximal configuration</source>
        <translation>Exécution %1 : configuration maximale</translation>
    </message>
    <message>
        <source>Execution %1: sleep-set blocked (redundant)</source>
        <translation>Exécution %1 : bloquée par l’ensemble de sommeil (redondante)</translation>
    </message>
    <message>
        <source>Execution %1: assume-blocked (a false assumption stopped a thread)</source>
        <translation>Exécution %1 : bloquée par une hypothèse (une hypothèse fausse a arrêté un thread)</translation>
    </message>
    <message>
        <source>Execution %1: defect (%2)</source>
        <translation>Exécution %1 : défaut (%2)</translation>
    </message>
    <message numerus="yes">
        <source>A run replayed in the debugger, not among the explored executions (%n step(s))</source>
        <translation>
            <numerusform>Une exécution rejouée dans le débogueur, hors des exécutions explorées (%n pas)</numerusform>
            <numerusform>Une exécution rejouée dans le débogueur, hors des exécutions explorées (%n pas)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>weft::views::ExplorationTreeView</name>
    <message>
        <source>The exploration tree: each column is one execution. Going down takes the next event; a light-blue elbow is an alternative explored later. Click a leaf to select its execution. Ctrl+wheel or +/- zooms, 0 fits.</source>
        <translation>L’arbre d’exploration : chaque colonne est une exécution. Descendre prend l’événement suivant ; un coude bleu clair est une alternative explorée ensuite. Cliquez sur une feuille pour sélectionner son exécution. Ctrl+molette ou +/- zoome, 0 ajuste.</translation>
    </message>
</context>
<context>
    <name>weft::views::SourceEditor</name>
    <message>
        <source>Open a C file (File ▸ Open) to explore its interleavings.</source>
        <translation>Ouvrez un fichier C (Fichier ▸ Ouvrir) pour explorer ses entrelacements.</translation>
    </message>
</context>
<context>
    <name>weft::views::ThreadsModel</name>
    <message>
        <source>Thread</source>
        <translation>Thread</translation>
    </message>
    <message>
        <source>State / location</source>
        <translation>État / emplacement</translation>
    </message>
    <message>
        <source>running its local code</source>
        <translation>actif (code local)</translation>
    </message>
    <message>
        <source>running: next %1</source>
        <translation>actif : ensuite %1</translation>
    </message>
    <message>
        <source>ready: %1</source>
        <translation>prêt : %1</translation>
    </message>
    <message>
        <source>blocked: %1</source>
        <translation>bloqué : %1</translation>
    </message>
    <message>
        <source>finished</source>
        <translation>terminé</translation>
    </message>
    <message>
        <source>stopped: %1</source>
        <translation>arrêté : %1</translation>
    </message>
    <message>
        <source>T%1</source>
        <translation>T%1</translation>
    </message>
    <message>
        <source>wake up on %1 (then lock its mutex)</source>
        <translation>se réveille sur %1 (puis reprend son mutex)</translation>
    </message>
    <message>
        <source>wait for a signal on %1</source>
        <translation>attend un signal sur %1</translation>
    </message>
    <message>
        <source>leave barrier %1</source>
        <translation>quitte la barrière %1</translation>
    </message>
    <message>
        <source>wait at barrier %1 for the others</source>
        <translation>attend les autres à la barrière %1</translation>
    </message>
</context>
<context>
    <name>weft::views::TraceModel</name>
    <message>
        <source>%1 · %2:%3</source>
        <translation>%1 · %2:%3</translation>
    </message>
    <message>
        <source>Step %1: T%2 %3
%4:%5</source>
        <translation>Étape %1 : T%2 %3
%4:%5</translation>
    </message>
    <message>
        <source>T%1</source>
        <translation>T%1</translation>
    </message>
    <message>
        <source>▶ %1</source>
        <translation>▶ %1</translation>
    </message>
    <message>
        <source>The next event to perform</source>
        <translation>Le prochain événement à effectuer</translation>
    </message>
    <message>
        <source>Another event could have happened here instead: right-click the step to explore it.</source>
        <translation>Un autre événement aurait pu se produire ici à la place : cliquez sur l’étape avec le bouton droit pour l’explorer.</translation>
    </message>
    <message>
        <source>How the execution ends: the failing step, or a request a deadlocked thread waits on</source>
        <translation>Comment l’exécution se termine : l’étape en échec, ou une requête qu’attend un thread en interblocage</translation>
    </message>
    <message>
        <source>failed: %1</source>
        <translation>échec : %1</translation>
    </message>
    <message>
        <source>blocked: %1</source>
        <translation>bloqué : %1</translation>
    </message>
</context>
<context>
    <name>weft::views::TreeLegend</name>
    <message>
        <source>maximal configuration</source>
        <translation>configuration maximale</translation>
    </message>
    <message>
        <source>sleep-set blocked</source>
        <translation>bloquée (ensemble de sommeil)</translation>
    </message>
    <message>
        <source>defect</source>
        <translation>défaut</translation>
    </message>
    <message>
        <source>alternative branch</source>
        <translation>branche alternative</translation>
    </message>
    <message>
        <source>data branch (another nondet value)</source>
        <translation>branche de données (valeur nondet)</translation>
    </message>
    <message>
        <source>assume-blocked</source>
        <translation>bloquée par une hypothèse</translation>
    </message>
    <message>
        <source>replayed, not explored</source>
        <translation>rejouée, non explorée</translation>
    </message>
</context>
<context>
    <name>weft::views::VariablesModel</name>
    <message>
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Type</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Valeur</translation>
    </message>
    <message>
        <source>Changed by the last step (was %1)</source>
        <translation>Modifiée par le dernier pas (valait %1)</translation>
    </message>
    <message>
        <source>Globals</source>
        <translation>Globales</translation>
    </message>
    <message>
        <source>Locals of %1 (T%2)</source>
        <translation>Variables locales de %1 (T%2)</translation>
    </message>
    <message>
        <source>%1 more not shown</source>
        <translation>%1 de plus, non affichés</translation>
    </message>
    <message>
        <source>Thread-locals of T%1</source>
        <translation>Variables locales au thread de T%1</translation>
    </message>
</context>
</TS>
