// SPDX-License-Identifier: MIT
// Explore ▸ Run Configuration: edits a RunConfiguration (defines, include directories, C standard, event
// model, races, nondet values, exploration policy and bounds: timeout, executions, steps between two
// visible actions, memory per execution; jobs). OK is enabled only while every field is
// valid; the line under the fields says what is wrong. GUI thread only.
#pragma once

#include "app/gui/RunConfiguration.hpp"

#include <QDialog>

class QComboBox;
class QDialogButtonBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace weft::gui {

class RunConfigurationDialog final : public QDialog {
    Q_OBJECT
public:
    explicit RunConfigurationDialog(QWidget *parent = nullptr);

    void setConfiguration(const RunConfiguration &configuration);
    /// The fields' values (meaningful when isValid()).
    RunConfiguration configuration() const;
    /// Empty when every field is valid, else why not (also shown in the dialog).
    QString problem() const;

    QLineEdit *definesEdit() const { return m_defines; }
    QLineEdit *includesEdit() const { return m_includes; }
    QComboBox *standardBox() const { return m_standard; }
    QComboBox *modelBox() const { return m_model; }
    QComboBox *racesBox() const { return m_races; }
    QLineEdit *nondetEdit() const { return m_nondet; }
    QComboBox *policyBox() const { return m_policy; }
    QDoubleSpinBox *timeoutBox() const { return m_timeout; }
    QSpinBox *maxExecutionsBox() const { return m_maxExecutions; }
    QSpinBox *maxStepsBox() const { return m_maxSteps; }
    QSpinBox *maxMemoryBox() const { return m_maxMemory; }
    QSpinBox *jobsBox() const { return m_jobs; }
    QDialogButtonBox *buttons() const { return m_buttons; }

private:
    void validate();

    QLineEdit *m_defines;
    QLineEdit *m_includes;
    QComboBox *m_standard;
    QComboBox *m_model;
    QComboBox *m_races;
    QLineEdit *m_nondet;
    QComboBox *m_policy;
    QDoubleSpinBox *m_timeout;
    QSpinBox *m_maxExecutions;
    QSpinBox *m_maxSteps;  ///< instructions between two visible actions (--max-steps)
    QSpinBox *m_maxMemory; ///< MiB per execution (--max-memory)
    QSpinBox *m_jobs;      ///< worker threads (--jobs)
    QLabel *m_problem;
    QDialogButtonBox *m_buttons;
};

} // namespace weft::gui
