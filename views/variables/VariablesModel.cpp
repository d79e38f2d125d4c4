// SPDX-License-Identifier: MIT
#include "views/variables/VariablesModel.hpp"

#include "views/messages/MessageText.hpp"

#include <QLocale>

namespace weft::views {

namespace {

/// `v`'s value in the UI language: a synchronisation object's state is a message; a struct's or an
/// array's summary lists its parts' values in order ("{unlocked, locked by T1, …}"), each worded again.
QString valueText(const VariableValue &v) {
    if (v.children.empty())
        return MessageText::format(v.value);
    QString out;
    std::size_t at = 0;
    for (const VariableValue &part : v.children) {
        const std::size_t found = v.value.find(part.value, at);
        if (found == std::string::npos || part.value.empty())
            break; // the summary was cut before this part
        out += QString::fromStdString(v.value.substr(at, found - at)) + valueText(part);
        at = found + part.value.size();
    }
    return out + QString::fromStdString(v.value.substr(at));
}

const FrameState *frameOf(const ProgramState &state, ThreadId thread, int frame) {
    const ThreadState *t = state.thread(thread);
    if (!t || frame < 0 || std::size_t(frame) >= t->frames.size())
        return nullptr;
    return &t->frames[std::size_t(frame)];
}

/// The previous step's value of part `index` of a list, matched by name (by position first: fields
/// and elements keep theirs).
const VariableValue *previousOf(const std::vector<VariableValue> *before, std::size_t index,
                                const std::string &name) {
    if (!before)
        return nullptr;
    if (index < before->size() && (*before)[index].name == name)
        return &(*before)[index];
    for (const VariableValue &v : *before)
        if (v.name == name)
            return &v;
    return nullptr;
}

void setText(QStandardItem *item, const QString &text) {
    if (item->text() != text)
        item->setText(text);
}

QStandardItem *cell(const QString &text = {}) {
    auto *item = new QStandardItem(text);
    item->setEditable(false);
    return item;
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

const std::vector<VariableValue> *VariablesModel::previousList(bool global) const {
    if (global)
        return &m_previous.globals;
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
    return &f.locals;
}

void VariablesModel::rebuild() {
    syncGroup(0, tr("Globals"), m_state.globals, previousList(true));
    int row = 1;
    const FrameState *f = frameOf(m_state, m_thread, m_frame);
    if (f)
        syncGroup(row++, tr("Locals of %1 (T%2)").arg(QString::fromStdString(f->function)).arg(m_thread), f->locals,
                  previousList(false));
    m_hasLocals = f != nullptr;
    // Each thread's own copies of the thread-local variables (main's are the globals), every
    // thread at once so they compare side by side.
    for (const ThreadState &t : m_state.threads) {
        if (t.threadLocals.empty())
            continue;
        const ThreadState *before = m_previous.thread(t.id);
        syncGroup(row++, threadLocalsTitle(t.id), t.threadLocals, before ? &before->threadLocals : nullptr);
    }
    if (rowCount() > row)
        removeRows(row, rowCount() - row);
    Q_EMIT refreshed();
}

QString VariablesModel::threadLocalsTitle(ThreadId thread) const { return tr("Thread-locals of T%1").arg(thread); }

void VariablesModel::syncGroup(int row, const QString &title,
                               const std::vector<VariableValue> &values,
                               const std::vector<VariableValue> *before) {
    if (row >= rowCount()) {
        QStandardItem *head = cell(title);
        QFont bold = head->font();
        bold.setBold(true);
        head->setFont(bold);
        appendRow({head, cell(), cell()});
    }
    QStandardItem *head = item(row);
    setText(head, title);
    syncRows(head, values, 0, before);
}

void VariablesModel::syncRows(QStandardItem *parent, const std::vector<VariableValue> &values,
                              std::uint64_t omitted, const std::vector<VariableValue> *before) {
    // Rows are kept while they show the same variable (name and type) and replaced from the first
    // that does not: a step changes values, rarely the shape, and kept rows keep their expansion.
    int row = 0;
    for (; std::size_t(row) < values.size(); ++row) {
        const VariableValue &v = values[std::size_t(row)];
        const QString name = QString::fromStdString(v.name), type = QString::fromStdString(v.type);
        const QString value = valueText(v);
        const bool isSame =
            row < parent->rowCount() && !parent->child(row, Name)->data(MoreRole).toBool() &&
            parent->child(row, Name)->text() == name && parent->child(row, Type)->text() == type;
        if (!isSame) {
            if (row < parent->rowCount())
                parent->removeRows(row, parent->rowCount() - row);
            parent->appendRow({cell(name), cell(value), cell(type)});
        }
        const VariableValue *previous = previousOf(before, std::size_t(row), v.name);
        const bool changed = previous && previous->value != v.value;
        for (int column = 0; column < ColumnCount; ++column) {
            QStandardItem *item = parent->child(row, column);
            if (item->data(ChangedRole).toBool() != changed || !item->data(ChangedRole).isValid()) {
                item->setData(changed, ChangedRole);
                item->setData(changed ? QVariant(QColor(255, 225, 140)) : QVariant(),
                              Qt::BackgroundRole);
            }
        }
        QStandardItem *valueItem = parent->child(row, Value);
        setText(valueItem, value);
        const QString tip = changed ? tr("Changed by the last step (was %1)").arg(valueText(*previous)) : QString();
        if (valueItem->toolTip() != tip)
            valueItem->setToolTip(tip);
        syncRows(parent->child(row, Name), v.children, v.omitted,
                 previous ? &previous->children : nullptr);
    }
    if (omitted > 0) {
        // The elements past the shown ones: one row saying how many (a huge array stays cheap).
        const QString more = tr("%1 more not shown").arg(QLocale().toString(qulonglong(omitted)));
        if (row < parent->rowCount() && parent->child(row, Name)->data(MoreRole).toBool()) {
            setText(parent->child(row, Value), more);
        } else {
            if (row < parent->rowCount())
                parent->removeRows(row, parent->rowCount() - row);
            QStandardItem *name = cell(QStringLiteral("…"));
            name->setData(true, MoreRole);
            parent->appendRow({name, cell(more), cell()});
        }
        ++row;
    }
    if (row < parent->rowCount())
        parent->removeRows(row, parent->rowCount() - row);
}

QModelIndex VariablesModel::find(const QString &name, bool global) const {
    if (!global && !m_hasLocals)
        return {};
    const int groupRow = global ? 0 : 1;
    if (groupRow >= rowCount())
        return {};
    return part(item(groupRow)->index(), name);
}

QModelIndex VariablesModel::findThreadLocal(ThreadId thread, const QString &name) const {
    const QString title = threadLocalsTitle(thread);
    for (int r = 1; r < rowCount(); ++r)
        if (item(r)->text() == title)
            return part(item(r)->index(), name);
    return {};
}

QModelIndex VariablesModel::part(const QModelIndex &parent, const QString &name) const {
    const QModelIndex at = parent.siblingAtColumn(Name);
    for (int r = 0; r < rowCount(at); ++r)
        if (index(r, Name, at).data().toString() == name)
            return index(r, Name, at);
    return {};
}

QStringList VariablesModel::pathOf(const QModelIndex &index) const {
    QStringList path;
    for (QModelIndex at = index.siblingAtColumn(Name); at.isValid(); at = at.parent())
        path.prepend(at.data().toString());
    return path;
}

} // namespace weft::views
