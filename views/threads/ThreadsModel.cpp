// SPDX-License-Identifier: MIT
#include "views/threads/ThreadsModel.hpp"

#include "views/eventstructure/EventAppearance.hpp"
#include "views/messages/MessageText.hpp"
#include "views/trace/ThreadPalette.hpp"

#include <QFileInfo>

namespace weft::views {

ThreadsModel::ThreadsModel(QObject *parent) : QStandardItemModel(0, ColumnCount, parent) {
    setHorizontalHeaderLabels({tr("Thread"), tr("State / location")});
}

QString ThreadsModel::pendingText(const debugger::NextAction &next) {
    const QString object = QString::fromStdString(next.object);
    switch (next.kind) { // the second halves of cond_wait and barrier_wait: what the thread does in its call
    case ActionKind::CondWake:
        return next.enabled ? tr("wake up on %1 (then lock its mutex)").arg(object)
                            : tr("wait for a signal on %1").arg(object);
    case ActionKind::BarrierPass:
        return next.enabled ? tr("leave barrier %1").arg(object) : tr("wait at barrier %1 for the others").arg(object);
    default: return EventAppearance::stepText(next.kind, next.object, next.value);
    }
}

QString ThreadsModel::statusText(const ThreadState &thread) {
    // Without a next action, what the engine says (a stopped thread's defect) is a message.
    const QString pending = thread.next ? pendingText(*thread.next) : MessageText::format(thread.pending);
    switch (thread.status) {
    case ThreadStatus::Running:
        // Inside its local code the thread's next action is not known yet (its last one is done).
        return pending.isEmpty() ? tr("running its local code") : tr("running: next %1").arg(pending);
    case ThreadStatus::Ready: return tr("ready: %1").arg(pending);
    case ThreadStatus::Blocked: return tr("blocked: %1").arg(pending);
    case ThreadStatus::Finished: return tr("finished");
    case ThreadStatus::Stopped: return tr("stopped: %1").arg(pending);
    }
    return {};
}

void ThreadsModel::setState(const ProgramState &state) {
    removeRows(0, rowCount());
    for (const ThreadState &t : state.threads) {
        auto *name = new QStandardItem(tr("T%1").arg(t.id));
        name->setForeground(threadColour(t.id));
        QFont font = name->font();
        font.setBold(t.status == ThreadStatus::Running);
        name->setFont(font);
        auto *status = new QStandardItem(statusText(t));
        if (t.status == ThreadStatus::Blocked || t.status == ThreadStatus::Stopped)
            status->setForeground(QColor(190, 40, 40));
        for (QStandardItem *item : {name, status}) {
            item->setData(t.id, ThreadRole);
            item->setData(-1, FrameRole);
            item->setEditable(false);
        }
        for (std::size_t f = 0; f < t.frames.size(); ++f) {
            const FrameState &frame = t.frames[f];
            auto *function = new QStandardItem(QString::fromStdString(frame.function));
            auto *where = new QStandardItem(
                frame.line ? QStringLiteral("%1:%2").arg(QFileInfo(QString::fromStdString(frame.file)).fileName()).arg(frame.line)
                           : QString());
            where->setToolTip(QString::fromStdString(frame.file));
            for (QStandardItem *item : {function, where}) {
                item->setData(t.id, ThreadRole);
                item->setData(int(f), FrameRole);
                item->setEditable(false);
            }
            name->appendRow({function, where});
        }
        appendRow({name, status});
    }
}

QModelIndex ThreadsModel::indexOf(ThreadId thread, int frame) const {
    for (int r = 0; r < rowCount(); ++r) {
        QStandardItem *t = item(r);
        if (t->data(ThreadRole).toUInt() != thread)
            continue;
        if (frame < 0)
            return t->index();
        return frame < t->rowCount() ? t->child(frame)->index() : QModelIndex();
    }
    return {};
}

} // namespace weft::views
