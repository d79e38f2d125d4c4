// SPDX-License-Identifier: MIT
#include "views/variables/VariablesModel.hpp"

namespace weft::views {

namespace {
const FrameState *frameOf(const ProgramState &state, ThreadId thread, int frame) {
    const ThreadState *t = state.thread(thread);
    if (!t || frame < 0 || std::size_t(frame) >= t->frames.size())
        return nullptr;
    return &t->frames[std::size_t(frame)];
}
} // namespace

VariablesModel::VariablesModel(QObject *parent) : QStandardItemModel(0, ColumnCount, parent) {
    setHorizontalHeaderLabels({tr("Name"), tr("Value"), tr("Type")});
}

void VariablesModel::clear() {
    m_state = {};
    m_previous = {};
    m_thread = kNoThread;
    m_frame = 0;
    rebuild();
}

void VariablesModel::setState(ProgramState state) {
    m_previous = std::move(m_state);
    m_state = std::move(state);
    rebuild();
}

void VariablesModel::selectFrame(ThreadId thread, int frame) {
    m_thread = thread;
    m_frame = frame;
    rebuild();
}

const VariableValue *VariablesModel::previous(bool global, const std::string &name) const {
    const std::vector<VariableValue> *list = nullptr;
    if (global) {
        list = &m_previous.globals;
    } else {
        // The same frame counted from the thread's outermost one, so a call or return shifts nothing.
        const ThreadState *now = m_state.thread(m_thread);
        const ThreadState *before = m_previous.thread(m_thread);
        if (!now || !before)
            return nullptr;
        const std::size_t depth = now->frames.size() - std::size_t(m_frame);
        if (depth > before->frames.size())
            return nullptr;
        const FrameState &f = before->frames[before->frames.size() - depth];
        const FrameState *current = frameOf(m_state, m_thread, m_frame);
        if (!current || current->function != f.function)
            return nullptr;
        list = &f.locals;
    }
    for (const VariableValue &v : *list)
        if (v.name == name)
            return &v;
    return nullptr;
}

void VariablesModel::rebuild() {
    removeRows(0, rowCount());
    auto group = [&](const QString &title, const std::vector<VariableValue> &values, bool global) {
        auto *head = new QStandardItem(title);
        QFont bold = head->font();
        bold.setBold(true);
        head->setFont(bold);
        head->setEditable(false);
        for (const VariableValue &v : values) {
            const VariableValue *before = previous(global, v.name);
            const bool changed = before && before->value != v.value;
            QList<QStandardItem *> row{new QStandardItem(QString::fromStdString(v.name)),
                                       new QStandardItem(QString::fromStdString(v.value)),
                                       new QStandardItem(QString::fromStdString(v.type))};
            for (QStandardItem *item : row) {
                item->setEditable(false);
                item->setData(changed, ChangedRole);
                if (changed)
                    item->setBackground(QColor(255, 225, 140));
            }
            if (changed)
                row[Value]->setToolTip(tr("Changed by the last step (was %1)").arg(QString::fromStdString(before->value)));
            head->appendRow(row);
        }
        auto *blank1 = new QStandardItem, *blank2 = new QStandardItem;
        blank1->setEditable(false);
        blank2->setEditable(false);
        appendRow({head, blank1, blank2});
    };
    group(tr("Globals"), m_state.globals, true);
    if (const FrameState *f = frameOf(m_state, m_thread, m_frame))
        group(tr("Locals of %1 (T%2)").arg(QString::fromStdString(f->function)).arg(m_thread), f->locals, false);
}

QModelIndex VariablesModel::find(const QString &name, bool global) const {
    const int groupRow = global ? 0 : 1;
    if (groupRow >= rowCount())
        return {};
    QStandardItem *head = item(groupRow);
    for (int r = 0; r < head->rowCount(); ++r)
        if (head->child(r)->text() == name)
            return head->child(r)->index();
    return {};
}

} // namespace weft::views
