// SPDX-License-Identifier: MIT
#include "views/messages/MessageText.hpp"

#include <QStringList>

namespace weft::views {

QString MessageText::wording(MessageKind kind) {
    switch (kind) {
    case MessageKind::Text: return QStringLiteral("%1");
    case MessageKind::Located: return tr("%1: %2");
    case MessageKind::List: return QStringLiteral("%1");
    case MessageKind::AssertionFailed: return tr("assertion `%1' failed in %2");
    case MessageKind::FunctionCalled: return tr("%1() called");
    case MessageKind::ExitStatus: return tr("exited with status %1");
    case MessageKind::DataRace: return tr("data race on %1: %2 and %3, with no synchronisation between them");
    case MessageKind::ThreadReads: return tr("T%1 reads at %2");
    case MessageKind::ThreadWrites: return tr("T%1 writes at %2");
    case MessageKind::SizedObject: return tr("a %1-byte global variable %2");
    case MessageKind::WaitsForLock: return tr("T%1 waits for lock %2");
    case MessageKind::WaitsToJoin: return tr("T%1 waits to join T%2");
    case MessageKind::WaitsForExits: return tr("T%1 waits for the other threads to exit");
    case MessageKind::WaitsOnSemaphore: return tr("T%1 waits on semaphore %2");
    case MessageKind::WaitsOnCondition: return tr("T%1 waits on condition variable %2");
    case MessageKind::WaitsAtBarrier: return tr("T%1 waits at barrier %2");
    case MessageKind::WaitsToReadLock: return tr("T%1 waits to read-lock %2");
    case MessageKind::WaitsToWriteLock: return tr("T%1 waits to write-lock %2");
    case MessageKind::PointsTo: return tr("→ %1");
    case MessageKind::AtAddress: return tr("at address %1");
    case MessageKind::HeapBlockAt: return tr("heap block allocated at %1");
    case MessageKind::HeapBlockPartAt: return tr("heap block+%1 allocated at %2");
    case MessageKind::LocalAt: return tr("local allocated at %1");
    case MessageKind::LocalPartAt: return tr("local+%1 allocated at %2");
    case MessageKind::Unlocked: return tr("unlocked");
    case MessageKind::LockedBy: return tr("locked by T%1");
    case MessageKind::LockedTimes: return tr("locked by T%1 (%2 times)");
    case MessageKind::NoWaiter: return tr("no waiter");
    case MessageKind::Waiters: return tr("waiters: %1");
    case MessageKind::WaitersSignal: return tr("waiters: %1 (%2 signal pending)");
    case MessageKind::WaitersSignals: return tr("waiters: %1 (%2 signals pending)");
    case MessageKind::SemaphoreValue: return tr("value %1");
    case MessageKind::NotInitialised: return tr("not initialised");
    case MessageKind::BarrierArrivals: return tr("%1 of %2 arrived");
    case MessageKind::WriteLockedBy: return tr("write-locked by T%1");
    case MessageKind::ReadLockedBy: return tr("read-locked by %1");
    case MessageKind::Count: break;
    }
    return QStringLiteral("%1");
}

QString MessageText::format(const Message &message) {
    QStringList args;
    for (std::size_t i = 0; i < message.args.size(); ++i)
        args << (isNestedArgument(message.kind, i) ? format(message.args[i]) : QString::fromStdString(message.args[i]));
    if (message.kind == MessageKind::List)
        return args.join(QStringLiteral("; "));
    const QString text = wording(message.kind);
    // The multi-argument arg() replaces every placeholder at once: an argument holding "%2" stays.
    switch (args.size()) {
    case 0: return text;
    case 1: return text.arg(args[0]);
    case 2: return text.arg(args[0], args[1]);
    case 3: return text.arg(args[0], args[1], args[2]);
    default: return text.arg(args[0], args[1], args[2], args[3]);
    }
}

} // namespace weft::views
