// SPDX-License-Identifier: MIT
// The Settings menu: the exploration policy (optimal, k-partial, source-DPOR), the bounds (timeout,
// maximal executions) and the UI language, all kept in QSettings so they persist. GUI thread only.
#pragma once

#include "engine/explorer/ExplorationOptions.hpp"

#include <QMenu>

class QActionGroup;

namespace weft::gui {

class SettingsMenu final : public QMenu {
    Q_OBJECT
public:
    explicit SettingsMenu(QWidget *parent = nullptr);

    /// `options` with the saved policy and bounds.
    ExplorationOptions apply(ExplorationOptions options) const;
    /// Saves `options`' policy and bounds (e.g. the command line's) and checks the matching entry.
    void save(const ExplorationOptions &options);
    /// DPU's policy number: -1 source-DPOR, 0 optimal, k ≥ 1 k-partial.
    int policyNumber() const;
    void setPolicyNumber(int number);
    /// The saved UI language ("" = the system's).
    static QString language();
    QAction *boundsAction() const { return m_bounds; }

Q_SIGNALS:
    void optionsChanged();

private:
    void editBounds();

    QActionGroup *m_policies;
    QAction *m_bounds;
};

} // namespace weft::gui
