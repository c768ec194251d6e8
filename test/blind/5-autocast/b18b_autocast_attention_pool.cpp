// scenario: document classifier trained under CPU bfloat16 autocast; attention pooling scores the bf16 projection against a float32 query with addmv
// tier: 5
// family: autocast-unsafe-op
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type BFloat16 but found Float
#include <torch/torch.h>
#include <ATen/autocast_mode.h>

#include <iostream>
#include <vector>

namespace {

// RAII region, the C++ counterpart of `with torch.autocast("cpu", dtype=...)`.
class CpuAutocastRegion {
public:
  explicit CpuAutocastRegion(at::ScalarType dtype)
      : prev_enabled_(at::autocast::is_cpu_enabled()),
        prev_dtype_(at::autocast::get_autocast_cpu_dtype()) {
    at::autocast::set_cpu_enabled(true);
    at::autocast::set_autocast_cpu_dtype(dtype);
    at::autocast::increment_nesting();
  }
  ~CpuAutocastRegion() {
    if (at::autocast::decrement_nesting() == 0)
      at::autocast::clear_cache();
    at::autocast::set_cpu_enabled(prev_enabled_);
    at::autocast::set_autocast_cpu_dtype(prev_dtype_);
  }

private:
  bool prev_enabled_;
  at::ScalarType prev_dtype_;
};

struct PoolingClassifier : torch::nn::Module {
  PoolingClassifier(int64_t vocab, int64_t dim, int64_t classes) {
    embed = register_module("embed", torch::nn::Embedding(vocab, dim));
    proj = register_module("proj", torch::nn::Linear(dim, dim));
    query = register_parameter("query", torch::randn({dim}) / std::sqrt(static_cast<double>(dim)));
    score_bias = register_parameter("score_bias", torch::zeros({1}));
    out = register_module("out", torch::nn::Linear(dim, classes));
  }

  // tokens: [T] ids of one document; returns a [dim] summary.
  torch::Tensor pool(const torch::Tensor &tokens) {
    torch::Tensor h = torch::tanh(proj->forward(embed->forward(tokens)));   // [T, dim]
    torch::Tensor scores = torch::addmv(score_bias, h, query); // BUG
    torch::Tensor alpha = torch::softmax(scores, 0);
    return (alpha.unsqueeze(1) * h).sum(0);
  }

  torch::Tensor forward(const std::vector<torch::Tensor> &docs) {
    std::vector<torch::Tensor> pooled;
    for (const auto &d : docs)
      pooled.push_back(pool(d));
    return out->forward(torch::stack(pooled));
  }

  torch::nn::Embedding embed{nullptr};
  torch::nn::Linear proj{nullptr}, out{nullptr};
  torch::Tensor query, score_bias;
};

struct TrainOptions {
  at::ScalarType autocast_dtype = at::kBFloat16;
  double lr = 1e-3;
  double clip_norm = 1.0;
};

} // namespace

int main() {
  torch::manual_seed(17);
  TrainOptions opts;
  PoolingClassifier model(/*vocab=*/200, /*dim=*/32, /*classes=*/4);
  torch::optim::Adam optimizer(model.parameters(), torch::optim::AdamOptions(opts.lr));

  // Variable-length documents, so pooling runs per document.
  std::vector<torch::Tensor> docs;
  for (int64_t len : {7, 12, 5, 9})
    docs.push_back(torch::randint(0, 200, {len}, torch::kLong));
  torch::Tensor labels = torch::tensor({0, 3, 1, 2}, torch::kLong);

  for (int step = 0; step < 3; ++step) {
    optimizer.zero_grad();
    torch::Tensor loss;
    {
      CpuAutocastRegion autocast(opts.autocast_dtype);
      torch::Tensor logits = model.forward(docs);
      loss = torch::cross_entropy_loss(logits, labels);
    }
    loss.backward();
    torch::nn::utils::clip_grad_norm_(model.parameters(), opts.clip_norm);
    optimizer.step();
    std::cout << "step " << step << " loss " << loss.item<float>() << "\n";
  }
  return 0;
}
