// scenario: a retrieval service picks its scoring precision from a config string and batches query-document attention logits with baddbmm
// tier: 2
// family: half-on-cpu
// expect: bug
// verified: cpu-1.13.1
// raises: "addmm_impl_cpu_" not implemented for 'Half'
#include <torch/torch.h>
#include <iostream>
#include <map>
#include <string>

enum class ScorePrecision { kFp32, kBf16, kFp16 };

ScorePrecision parse_precision(const std::string &name) {
  static const std::map<std::string, ScorePrecision> table = {
      {"fp32", ScorePrecision::kFp32},
      {"bf16", ScorePrecision::kBf16},
      {"fp16", ScorePrecision::kFp16}};
  auto it = table.find(name);
  return it == table.end() ? ScorePrecision::kFp32 : it->second;
}

int main() {
  // Copied from the GPU deployment's YAML.
  std::map<std::string, std::string> serving_cfg = {{"score_precision", "fp16"},
                                                    {"device", "cpu"}};
  const int64_t batch = 4, queries = 8, docs = 32, dim = 64;

  auto q = torch::randn({batch, queries, dim});
  auto k = torch::randn({batch, docs, dim});
  auto doc_prior = torch::zeros({batch, queries, docs});

  torch::Dtype score_dtype;
  switch (parse_precision(serving_cfg["score_precision"])) {
  case ScorePrecision::kBf16:
    score_dtype = torch::kBFloat16;
    break;
  case ScorePrecision::kFp16:
    score_dtype = torch::kHalf;
    break;
  case ScorePrecision::kFp32:
  default:
    score_dtype = torch::kFloat;
    break;
  }

  if (score_dtype != torch::kFloat) {
    q = q.to(score_dtype);
    k = k.to(score_dtype);
    doc_prior = doc_prior.to(score_dtype);
  }

  const double scale = 1.0 / std::sqrt(static_cast<double>(dim));
  auto logits = torch::baddbmm(doc_prior, q, k.transpose(1, 2), /*beta=*/1.0, /*alpha=*/scale); // BUG
  auto [best, best_doc] = logits.to(torch::kFloat).max(-1);

  std::cout << "top doc per query (batch 0): " << best_doc[0] << "\n"
            << "mean best logit " << best.mean().item<float>() << "\n";
  return 0;
}
