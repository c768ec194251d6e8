// The KnowledgeBase option adds a directory of the user's records: a record
// with a built-in id replaces it in the messages; broken files are named with
// the field at fault (a configuration warning, as clang-tidy reports bad
// configuration), and the built-in records still serve.
// RUN: rm -rf %t.kb %t.bad && mkdir -p %t.kb %t.bad
// RUN: %python -c "import json,sys; r=json.load(open(sys.argv[1])); r['signature']='our own wording of the MPS error'; json.dump(r, open(sys.argv[2],'w'))" %S/../../kb/records/mps-float64.json %t.kb/mps.json
// RUN: %torchdtype_tidy -checks='-*,torchdtype-mps-float64' -config="{CheckOptions: {KnowledgeBase: '%t.kb'}}" %s -- -std=c++17 -isystem %mock_include 2>&1 | FileCheck %s --check-prefix=USER
// RUN: echo '{"id": "user/x", "signature": 3}' > %t.bad/types.json
// RUN: echo '{ "id": ' > %t.bad/syntax.json
// RUN: %torchdtype_tidy -checks='-*,torchdtype-mps-float64' -config="{CheckOptions: {KnowledgeBase: '%t.bad'}}" %s -- -std=c++17 -isystem %mock_include 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: %torchdtype_tidy -checks='-*,torchdtype-mps-float64' -config="{CheckOptions: {KnowledgeBase: '%t.none'}}" %s -- -std=c++17 -isystem %mock_include 2>&1 | FileCheck %s --check-prefix=NONE
#include <torch/torch.h>

void f() {
  auto d = torch::randn({2}, torch::kDouble);
  auto m = d.to(torch::kMPS);
}
// USER: :[[@LINE-2]]:12: warning: float64 tensor on an MPS device; MPS has no float64 support and this throws at run time: "our own wording of the MPS error" [kb: pytorch/mps-float64]
// USER: note: fix: Convert to float32 before moving to MPS
// BAD-DAG: warning: knowledge base for torchdtype-mps-float64: {{.*}}syntax.json: not valid JSON [clang-tidy-config]
// BAD-DAG: warning: knowledge base for torchdtype-mps-float64: {{.*}}types.json: field 'signature': must be a string [clang-tidy-config]
// BAD-DAG: warning: float64 tensor on an MPS device; MPS has no float64 support and this throws at run time: "Cannot convert a MPS Tensor to float64 dtype
// NONE: warning: knowledge base for torchdtype-mps-float64: {{.*}}.none: cannot open the knowledge-base directory
