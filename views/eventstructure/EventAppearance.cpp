// SPDX-License-Identifier: MIT
#include "views/eventstructure/EventAppearance.hpp"

#include "views/messages/MessageText.hpp"

namespace weft::views {

QColor EventAppearance::fill(ActionKind kind) {
    switch (kind) {
    case ActionKind::MutexLock:
    case ActionKind::MutexTrylock: return QColor(250, 128, 114);  // salmon
    case ActionKind::MutexUnlock: return QColor(173, 216, 230);   // light blue
    case ActionKind::MutexDestroy:
    case ActionKind::SemDestroy:
    case ActionKind::CondDestroy:
    case ActionKind::BarrierDestroy:
    case ActionKind::RwDestroy: return QColor(188, 143, 143);     // rosy brown: every destroy
    case ActionKind::ThreadStart: return QColor(173, 255, 47);    // green yellow
    case ActionKind::ThreadCreate: return QColor(255, 236, 110);  // yellow
    case ActionKind::ThreadJoin: return QColor(218, 112, 214);    // orchid
    case ActionKind::ThreadExit: return QColor(200, 200, 200);    // grey
    case ActionKind::SemInit:
    case ActionKind::SemWait:
    case ActionKind::SemTrywait:
    case ActionKind::SemPost: return QColor(152, 251, 152);       // pale green
    case ActionKind::CondEnqueue:
    case ActionKind::CondWake:
    case ActionKind::CondSignal:
    case ActionKind::CondBroadcast: return QColor(240, 230, 140); // khaki
    case ActionKind::BarrierInit:
    case ActionKind::BarrierArrive:
    case ActionKind::BarrierPass: return QColor(255, 182, 193);   // light pink
    case ActionKind::MemRead: return QColor(176, 224, 230);       // powder blue
    case ActionKind::MemWrite: return QColor(255, 160, 122);      // light salmon
    case ActionKind::NondetChoice: return QColor(216, 191, 216);  // thistle: a data branch
    case ActionKind::RwRdlock:
    case ActionKind::RwTryrdlock:
    case ActionKind::RwWrlock:
    case ActionKind::RwTrywrlock: return QColor(250, 128, 114);   // as a lock
    case ActionKind::RwRdunlock:
    case ActionKind::RwWrunlock: return QColor(173, 216, 230);    // as an unlock
    case ActionKind::ProgramEnd: return QColor(255, 99, 71);      // tomato: the program ends
    default: break;
    }
    return Qt::white;
}

QString EventAppearance::actionText(ActionKind kind) {
    switch (kind) {
    case ActionKind::ThreadStart: return tr("start");
    case ActionKind::ThreadCreate: return tr("create");
    case ActionKind::ThreadExit: return tr("exit");
    case ActionKind::ThreadJoin: return tr("join");
    case ActionKind::MutexLock: return tr("lock");
    case ActionKind::MutexUnlock: return tr("unlock");
    case ActionKind::MutexTrylock: return tr("trylock");
    case ActionKind::MutexDestroy: return tr("destroy");
    case ActionKind::SemInit: return tr("sem_init");
    case ActionKind::SemWait: return tr("sem_wait");
    case ActionKind::SemTrywait: return tr("sem_trywait");
    case ActionKind::SemPost: return tr("sem_post");
    case ActionKind::SemDestroy: return tr("sem_destroy");
    case ActionKind::CondEnqueue: return tr("cond_wait");
    case ActionKind::CondWake: return tr("cond_wake");
    case ActionKind::CondSignal: return tr("cond_signal");
    case ActionKind::CondBroadcast: return tr("cond_broadcast");
    case ActionKind::CondDestroy: return tr("cond_destroy");
    case ActionKind::BarrierInit: return tr("barrier_init");
    case ActionKind::BarrierArrive: return tr("barrier_wait");
    case ActionKind::BarrierDestroy: return tr("barrier_destroy");
    case ActionKind::BarrierPass: return tr("barrier_pass");
    case ActionKind::MemRead: return tr("read");
    case ActionKind::MemWrite: return tr("write");
    case ActionKind::NondetChoice: return tr("nondet");
    case ActionKind::RwRdlock: return tr("rdlock");
    case ActionKind::RwTryrdlock: return tr("tryrdlock");
    case ActionKind::RwRdunlock: return tr("rdunlock");
    case ActionKind::RwWrlock: return tr("wrlock");
    case ActionKind::RwTrywrlock: return tr("trywrlock");
    case ActionKind::RwWrunlock: return tr("wrunlock");
    case ActionKind::RwDestroy: return tr("rwlock_destroy");
    case ActionKind::ProgramEnd: return tr("end");
    // Never events: what a thread stopped for good waits on (the threads pane, a run's last rows).
    case ActionKind::AssumeBlocked: return tr("false assumption");
    case ActionKind::AwaitBlocked: return tr("spin wait");
    default: break;
    }
    return QStringLiteral("?");
}

QString EventAppearance::objectText(ActionKind kind, const std::string &object, std::int64_t value) {
    // Objects the program does not name ("heap block allocated at f.c:12") are messages.
    QString text = MessageText::format(object);
    if (showsValue(kind))
        text += (text.isEmpty() ? QString() : QStringLiteral(" ")) + QString::number(value);
    return text;
}

QString EventAppearance::stepText(ActionKind kind, const std::string &object, std::int64_t value) {
    const QString rest = objectText(kind, object, value);
    return rest.isEmpty() ? actionText(kind) : actionText(kind) + QLatin1Char(' ') + rest;
}

QString EventAppearance::label(const ExplorationSnapshot &snapshot, const EventRecord &event) {
    return stepText(event.action.kind, snapshot.objectText(event), event.action.value);
}

QString EventAppearance::labelObject(const ExplorationSnapshot &snapshot, const EventRecord &event) {
    return objectText(event.action.kind, snapshot.objectText(event), event.action.value);
}

QString EventAppearance::boxObject(const ExplorationSnapshot &snapshot, const EventRecord &event) {
    const std::string &object = snapshot.objectText(event);
    const Message message = parseMessage(object);
    const bool part = message.kind == MessageKind::HeapBlockPartAt || message.kind == MessageKind::LocalPartAt;
    if (!part && message.kind != MessageKind::HeapBlockAt && message.kind != MessageKind::LocalAt)
        return labelObject(snapshot, event);
    // "f.c:12" or "f.c:12:5": the line is what tells the blocks apart within one program.
    const QStringList at = QString::fromStdString(message.args.back()).split(QLatin1Char(':'));
    const QString line = at.size() >= 2 ? at[1] : at.front();
    QString text;
    switch (message.kind) {
    case MessageKind::HeapBlockAt: text = tr("heap, line %1").arg(line); break;
    case MessageKind::HeapBlockPartAt:
        text = tr("heap+%1, line %2").arg(QString::fromStdString(message.args[0]), line);
        break;
    case MessageKind::LocalAt: text = tr("local, line %1").arg(line); break;
    default: text = tr("local+%1, line %2").arg(QString::fromStdString(message.args[0]), line); break;
    }
    if (showsValue(event.action.kind))
        text += QLatin1Char(' ') + QString::number(event.action.value);
    return text;
}

QString EventAppearance::toolTip(const ExplorationSnapshot &snapshot, const EventRecord &event) {
    QString text = tr("T%1: %2").arg(event.thread).arg(label(snapshot, event));
    text += QLatin1Char('\n') +
            tr("event %1, causality depth %2").arg(event.id).arg(event.depth);
    if (event.spot.line) {
        QString file;
        if (snapshot.sourceFiles && event.spot.file < snapshot.sourceFiles->size())
            file = QString::fromStdString((*snapshot.sourceFiles)[event.spot.file]).section(QLatin1Char('/'), -1);
        text += QLatin1Char('\n') + tr("at %1:%2").arg(file).arg(event.spot.line);
    }
    return text;
}

} // namespace weft::views
