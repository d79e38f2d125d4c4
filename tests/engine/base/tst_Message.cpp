// SPDX-License-Identifier: MIT
// Messages as data (engine/base/Message.hpp): the texts `weft explore` printed for the bundled examples
// (copied from its output before messages were data) read back as their kind and arguments, and
// english() gives them back byte for byte; a text no wording explains stays one Text message.
#include "engine/base/Message.hpp"

#include <QtTest>

using namespace weft;

Q_DECLARE_METATYPE(weft::Message)

class tst_Message : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void readsBack_data();
    void readsBack();
    void everyKindHasItsWording();
};

void tst_Message::readsBack_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<Message>("expected");
    QTest::newRow("assertion")
        << QStringLiteral("check_then_act.c:42:5: assertion `balance >= 0' failed in int main(void)")
        << Message{MessageKind::Located,
                   {"check_then_act.c:42:5", "assertion `balance >= 0' failed in int main(void)"}};
    QTest::newRow("assertion, its expression quoting")
        << QStringLiteral(
               "assertion `count > 0 && \"took an item from an empty buffer\"' failed in void *consume(void *)")
        << Message{MessageKind::AssertionFailed,
                   {"count > 0 && \"took an item from an empty buffer\"", "void *consume(void *)"}};
    QTest::newRow("race") << QStringLiteral(
                                 "data race on a 4-byte global variable 'x': T2 reads at lost_update.c:24:9 and "
                                 "T1 writes at lost_update.c:24:7, with no synchronisation between them")
                          << Message{MessageKind::DataRace,
                                     {"a 4-byte global variable 'x'", "T2 reads at lost_update.c:24:9",
                                      "T1 writes at lost_update.c:24:7"}};
    QTest::newRow("race access") << QStringLiteral("T2 reads at lost_update.c:24:9")
                                 << Message{MessageKind::ThreadReads, {"2", "lost_update.c:24:9"}};
    QTest::newRow("object") << QStringLiteral("a 4-byte global variable 'x'")
                            << Message{MessageKind::SizedObject, {"4", "'x'"}};
    QTest::newRow("deadlock")
        << QStringLiteral("T0 waits to join T1; T1 waits for lock 'forks[1]'; T2 waits on condition variable 'c'")
        << Message{MessageKind::List,
                   {"T0 waits to join T1", "T1 waits for lock 'forks[1]'", "T2 waits on condition variable 'c'"}};
    QTest::newRow("a wait") << QStringLiteral("T0 waits to join T1") << Message{MessageKind::WaitsToJoin, {"0", "1"}};
    QTest::newRow("a lock its exited owner held")
        << QStringLiteral("T1 waits for lock 'm', which T2 held when it exited")
        << Message{MessageKind::WaitsForExitedOwner, {"1", "'m'", "2"}};
    QTest::newRow("a lock another thread holds") << QStringLiteral("T1 waits for lock 'forks[1]', held by T2")
                                                 << Message{MessageKind::WaitsForHeldLock, {"1", "'forks[1]'", "2"}};
    QTest::newRow("a lock the waiter holds") << QStringLiteral("T1 waits for lock 'm', which it holds itself")
                                             << Message{MessageKind::WaitsForOwnLock, {"1", "'m'"}};
    QTest::newRow("a wait-for cycle")
        << QStringLiteral("T1 waits for lock 'a', held by T2; T2 waits for lock 'b', held by T1")
        << Message{MessageKind::List, {"T1 waits for lock 'a', held by T2", "T2 waits for lock 'b', held by T1"}};
    QTest::newRow("a free's access") << QStringLiteral("T2 frees it at race.c:9:3")
                                     << Message{MessageKind::ThreadFrees, {"2", "race.c:9:3"}};
    QTest::newRow("a second join") << QStringLiteral("pthread_join of T1, which has been joined already")
                                   << Message{MessageKind::JoinJoined, {"1"}};
    QTest::newRow("a join after a detach") << QStringLiteral("pthread_join of T1, which pthread_detach has detached")
                                           << Message{MessageKind::JoinAfterDetach, {"1"}};
    QTest::newRow("a second detach") << QStringLiteral("pthread_detach of T2, which is detached already")
                                     << Message{MessageKind::DetachDetached, {"2"}};
    QTest::newRow("a detach after a join") << QStringLiteral("pthread_detach of T1, which has been joined already")
                                           << Message{MessageKind::DetachJoined, {"1"}};
    QTest::newRow("relocked") << QStringLiteral("locked by T1 (3 times)")
                              << Message{MessageKind::LockedTimes, {"1", "3"}};
    QTest::newRow("locked") << QStringLiteral("locked by T12") << Message{MessageKind::LockedBy, {"12"}};
    QTest::newRow("waiters") << QStringLiteral("waiters: T1, T2 (1 signal pending)")
                             << Message{MessageKind::WaitersSignal, {"T1, T2", "1"}};
    QTest::newRow("barrier") << QStringLiteral("2 of 3 arrived") << Message{MessageKind::BarrierArrivals, {"2", "3"}};
    QTest::newRow("unlocked") << QStringLiteral("unlocked") << Message{MessageKind::Unlocked, {}};
    QTest::newRow("a number") << QStringLiteral("42") << Message{MessageKind::Text, {"42"}};
    QTest::newRow("a C string") << QStringLiteral("\"unlocked\"") << Message{MessageKind::Text, {"\"unlocked\""}};
    QTest::newRow("not a location") << QStringLiteral("waiters: nobody here")
                                    << Message{MessageKind::Waiters, {"nobody here"}};
    QTest::newRow("use after free: the access is a message, not its first word")
        << QStringLiteral("use after free: read of 4 bytes of a 8-byte heap block allocated at f.c:12:9, freed earlier")
        << Message{MessageKind::UseAfterFree, {"read of 4 bytes", "a 8-byte heap block allocated at f.c:12:9"}};
    QTest::newRow("out of bounds")
        << QStringLiteral(
               "out-of-bounds write of 1 byte at offset 8 of a 8-byte local variable 'b' declared at f.c:3:10")
        << Message{MessageKind::OutOfBounds,
                   {"write of 1 byte", "8", "a 8-byte local variable 'b' declared at f.c:3:10"}};
    QTest::newRow("a race at an offset") << QStringLiteral("a 8-byte global variable 's' at offset 4")
                                         << Message{MessageKind::ObjectAtOffset, {"a 8-byte global variable 's'", "4"}};
    QTest::newRow("a spin in a deadlock")
        << QStringLiteral("T0 waits to join T1; T1 spins forever at f.c:9:5 waiting for 'flag' = 0 to change")
        << Message{MessageKind::List,
                   {"T0 waits to join T1", "T1 spins forever at f.c:9:5 waiting for 'flag' = 0 to change"}};
    QTest::newRow("a list of texts") << QStringLiteral("a; b") << Message{MessageKind::Text, {"a; b"}};
    QTest::newRow("an action a thread cannot do")
        << QStringLiteral("T1 cannot lock 'm'") << Message{MessageKind::Cannot, {"1", "lock 'm'"}};
    QTest::newRow("an action") << QStringLiteral("unlock heap block allocated at f.c:12")
                               << Message{MessageKind::ActUnlock, {"heap block allocated at f.c:12"}};
    QTest::newRow("sem_init and its value")
        << QStringLiteral("sem_init 's' 2") << Message{MessageKind::ActSemInit, {"'s'", "2"}};
    QTest::newRow("a replay's divergence")
        << QStringLiteral("replay step 3: expected T1 lock 'm', the program did T2 join T1")
        << Message{MessageKind::ReplayExpected, {"3", "1", "lock 'm'", "2", "join T1"}};
    QTest::newRow("a spin's reads")
        << QStringLiteral("T1 spins forever waiting for 'flag' = 0, heap block allocated at f.c:12 = -1 to change")
        << Message{MessageKind::SpinsWaiting, {"1", "'flag' = 0, heap block allocated at f.c:12 = -1"}};
    QTest::newRow("the reads, each a message")
        << QStringLiteral("'flag' = 0, heap block allocated at f.c:12 = -1")
        << Message{MessageKind::ReadValues, {"'flag' = 0", "heap block allocated at f.c:12 = -1"}};
    QTest::newRow("a comma in a text") << QStringLiteral("waiters: T1, T2")
                                       << Message{MessageKind::Waiters, {"T1, T2"}};
    QTest::newRow("a lowering error about an initialiser")
        << QStringLiteral("initialiser of 'hook': uses external function 'f', which Weft's interpreter does not "
                          "implement")
        << Message{MessageKind::InitialiserOf,
                   {"hook", "uses external function 'f', which Weft's interpreter does not implement"}};
}

void tst_Message::readsBack() {
    QFETCH(QString, text);
    QFETCH(Message, expected);
    const std::string english = text.toStdString();
    const Message got = parseMessage(english);
    QCOMPARE(int(got.kind), int(expected.kind));
    QCOMPARE(got.args, expected.args);
    QCOMPARE(weft::english(got), english);
}

void tst_Message::everyKindHasItsWording() {
    for (int k = int(MessageKind::AssertionFailed); k < int(MessageKind::Count); ++k) {
        if (MessageKind(k) == MessageKind::ReadValues) // a list, like List: its row above
            continue;
        const std::string_view wording = messageTemplate(MessageKind(k));
        std::vector<std::string> args;
        for (int a = 1; a <= 5; ++a)
            if (wording.find("%" + std::to_string(a)) != std::string_view::npos)
                args.push_back("<" + std::to_string(a) + ">");
        // Filled with distinct arguments, each kind reads back as itself.
        const Message message{MessageKind(k), args};
        const Message back = parseMessage(english(message));
        QVERIFY2(back == message, std::string(wording).c_str());
    }
}

QTEST_APPLESS_MAIN(tst_Message)
#include "tst_Message.moc"
