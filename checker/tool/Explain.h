//===- Explain.h - which records explain a runtime message -------*- C++
//-*-===//

#ifndef TORCHDTYPE_TOOL_EXPLAIN_H
#define TORCHDTYPE_TOOL_EXPLAIN_H

#include "analysis/OpContracts.h"
#include "kb/KnowledgeBase.h"
#include <string>
#include <vector>

namespace torchdtype {

struct Explanation {
  /// The records that explain the message, the best first.
  std::vector<const KbRecord *> Records;
  /// The message as the op contract table holds it, if it does, and the
  /// aten overloads that raised it ("aten::gather").
  std::string Measured;
  /// The text names other dtypes than the measured message does.
  bool OtherDTypes = false;
  std::vector<std::string> RaisedBy;
};

/// The records whose regex occurs in Text; else, when Text holds a message
/// the op contract table measured, the table's record
/// (pytorch/op-dtype-contract). Either way, the table's ops that raised it.
Explanation explainMessage(const KnowledgeBase &KB, const OpContracts &C,
                           const std::string &Text);

} // namespace torchdtype

#endif
