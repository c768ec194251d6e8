// scenario: a few-shot classifier embeds queries under the precision policy's autocast scope and scores them against float32 prototypes after it closes
// tier: 5
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type BFloat16 but found Float
#include <ATen/autocast_mode.h>
#include <torch/torch.h>
#include <iostream>
#include <vector>

enum class Precision { FP32, BF16Autocast };

struct AutocastGuard {
  explicit AutocastGuard(Precision p) : active(p == Precision::BF16Autocast) {
    if (!active) return;
    at::autocast::set_autocast_cpu_dtype(at::kBFloat16);
    at::autocast::set_cpu_enabled(true);
  }
  ~AutocastGuard() {
    if (!active) return;
    at::autocast::set_cpu_enabled(false);
    at::autocast::clear_cache();
  }
  bool active;
};

class PrototypeClassifier {
public:
  PrototypeClassifier(int64_t in, int64_t dim)
      : backbone_(torch::nn::Linear(in, 64), torch::nn::ReLU(), torch::nn::Linear(64, dim)) {}

  torch::Tensor embed(const torch::Tensor& x, Precision precision) {
    torch::NoGradGuard no_grad;
    AutocastGuard guard(precision);
    return backbone_->forward(x);
  }

  // Support sets are registered once, offline, at full precision.
  void register_support(const torch::Tensor& support, const torch::Tensor& labels, int64_t ways) {
    auto emb = embed(support, Precision::FP32);
    std::vector<torch::Tensor> centroids;
    for (int64_t c = 0; c < ways; ++c)
      centroids.push_back(emb.index({labels == c}).mean(0));
    prototypes_ = torch::stack(centroids);
  }

  torch::Tensor score(const torch::Tensor& query_emb) const {
    auto sq_norm = prototypes_.pow(2).sum(1);
    auto dots = torch::matmul(query_emb, prototypes_.t()); // BUG
    return 2 * dots - sq_norm;
  }

  torch::Tensor predict(const torch::Tensor& queries, Precision precision) {
    return score(embed(queries, precision)).argmax(1);
  }

private:
  torch::nn::Sequential backbone_;
  torch::Tensor prototypes_;
};

Precision precision_from_env(bool fast_inference) { return fast_inference ? Precision::BF16Autocast : Precision::FP32; }

int main() {
  torch::manual_seed(13);
  const int64_t ways = 5, shots = 4;
  PrototypeClassifier clf(24, 16);
  auto support_labels = torch::arange(ways).repeat_interleave(shots);
  auto support = torch::randn({ways * shots, 24}) + support_labels.unsqueeze(1).to(torch::kFloat);
  clf.register_support(support, support_labels, ways);

  auto query_labels = torch::randint(0, ways, {30});
  auto queries = torch::randn({30, 24}) + query_labels.unsqueeze(1).to(torch::kFloat);
  auto pred = clf.predict(queries, precision_from_env(/*fast_inference=*/true));
  std::cout << "accuracy " << pred.eq(query_labels).to(torch::kFloat).mean().item<float>() << "\n";
  return 0;
}
