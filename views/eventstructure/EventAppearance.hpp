// SPDX-License-Identifier: MIT
// How an event looks: fill colour by action kind (the DOT export's palette) and its translated label
// and tooltip text. GUI thread only (uses QCoreApplication::translate).
#pragma once

#include "engine/results/ExplorationSnapshot.hpp"

#include <QColor>
#include <QCoreApplication>
#include <QString>

namespace weft::views {

class EventAppearance {
    Q_DECLARE_TR_FUNCTIONS(EventAppearance)
public:
    static QColor fill(ActionKind kind);
    /// "lock", "create", ... in the UI language.
    static QString actionText(ActionKind kind);
    /// What an event box shows after the action: labelObject(), with an object the program does not
    /// name said short enough for the box ("heap, line 12" for "heap block allocated at f.c:12:5",
    /// whose whole wording is in the tooltip, the trace and the variables).
    static QString boxObject(const ExplorationSnapshot &snapshot, const EventRecord &event);
    /// "lock 'm'", "create T2", "sem_init 'ready' 2".
    static QString label(const ExplorationSnapshot &snapshot, const EventRecord &event);
    /// What follows the action in a label: "'m'", "T2", "'ready' 2" ("" for start and exit).
    static QString labelObject(const ExplorationSnapshot &snapshot, const EventRecord &event);
    /// An action with its object (as the engine names it) and value, in the UI language: the trace's
    /// cells and the thread states say it as the event structure does.
    static QString stepText(ActionKind kind, const std::string &object, std::int64_t value);
    /// The part after the action: the object in the UI language and the value ("'ready' 2").
    static QString objectText(ActionKind kind, const std::string &object, std::int64_t value);
    /// Several lines: the label, thread, event number and depth, source location.
    static QString toolTip(const ExplorationSnapshot &snapshot, const EventRecord &event);
};

} // namespace weft::views
