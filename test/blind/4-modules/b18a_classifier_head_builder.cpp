// scenario: a builder makes an intent-classifier head in float64 for calibration runs, and the float32 sentence embeddings from the encoder go straight into it
// tier: 4
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: mat1 and mat2 must have the same dtype
#include <torch/torch.h>

#include <iostream>
#include <string>
#include <vector>

namespace intent {

struct HeadConfig {
  int64_t embedding_dim = 64;
  int64_t hidden_dim = 32;
  int64_t num_intents = 7;
  double dropout = 0.1;
  bool calibration_mode = true;  // temperature fitting wants float64 logits
};

// Builds the classification head. The dtype is decided here, not by callers.
class ClassifierHeadBuilder {
 public:
  ClassifierHeadBuilder& inputDim(int64_t d) {
    input_dim_ = d;
    return *this;
  }
  ClassifierHeadBuilder& hiddenDim(int64_t d) {
    hidden_dim_ = d;
    return *this;
  }
  ClassifierHeadBuilder& numClasses(int64_t n) {
    num_classes_ = n;
    return *this;
  }
  ClassifierHeadBuilder& dropout(double p) {
    dropout_ = p;
    return *this;
  }
  ClassifierHeadBuilder& highPrecision(bool on) {
    dtype_ = on ? torch::kFloat64 : torch::kFloat32;
    return *this;
  }

  torch::nn::Sequential build() const {
    torch::nn::Sequential head(
        torch::nn::Linear(input_dim_, hidden_dim_),
        torch::nn::Functional(torch::tanh),
        torch::nn::Dropout(dropout_),
        torch::nn::Linear(hidden_dim_, num_classes_));
    head->to(dtype_);
    return head;
  }

 private:
  int64_t input_dim_ = 128;
  int64_t hidden_dim_ = 64;
  int64_t num_classes_ = 2;
  double dropout_ = 0.0;
  torch::Dtype dtype_ = torch::kFloat32;
};

// Stand-in for the sentence encoder: mean-pooled token embeddings.
class SentenceEncoder {
 public:
  explicit SentenceEncoder(int64_t dim) : table_(torch::randn({1000, dim})) {}

  torch::Tensor encode(const std::vector<std::vector<int64_t>>& batch) const {
    std::vector<torch::Tensor> pooled;
    pooled.reserve(batch.size());
    for (const auto& ids : batch) {
      auto idx = torch::tensor(ids, torch::kLong);
      pooled.push_back(table_.index_select(0, idx).mean(0));
    }
    return torch::stack(pooled);
  }

 private:
  torch::Tensor table_;
};

torch::Tensor fit_temperature(const torch::Tensor& logits, const torch::Tensor& labels) {
  // Grid search over temperatures; cheap and deterministic.
  double best_t = 1.0, best_nll = 1e30;
  for (double t = 0.5; t <= 3.0; t += 0.25) {
    auto nll = torch::nll_loss(torch::log_softmax(logits / t, -1), labels).item<double>();
    if (nll < best_nll) {
      best_nll = nll;
      best_t = t;
    }
  }
  return torch::tensor(best_t, logits.options());
}

}  // namespace intent

int main() {
  torch::manual_seed(3);
  intent::HeadConfig cfg;
  auto head = intent::ClassifierHeadBuilder()
                  .inputDim(cfg.embedding_dim)
                  .hiddenDim(cfg.hidden_dim)
                  .numClasses(cfg.num_intents)
                  .dropout(cfg.dropout)
                  .highPrecision(cfg.calibration_mode)
                  .build();
  head->eval();

  intent::SentenceEncoder encoder(cfg.embedding_dim);
  std::vector<std::vector<int64_t>> utterances = {
      {12, 845, 3, 77}, {5, 9}, {410, 411, 412}, {998, 1, 2, 3, 4}};
  auto labels = torch::tensor({2, 0, 5, 1}, torch::kLong);

  torch::NoGradGuard no_grad;
  auto embeddings = encoder.encode(utterances);
  auto logits = head->forward(embeddings);  // BUG
  auto temperature = intent::fit_temperature(logits, labels);
  std::cout << "fitted temperature " << temperature.item<double>() << "\n";
  return 0;
}
