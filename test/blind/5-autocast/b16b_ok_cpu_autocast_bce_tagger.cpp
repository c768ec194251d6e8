// scenario: a multi-label tagger trains under a bf16 CPU autocast scope with sigmoid + BCE and stores the embeddings it caches back in float32
// tier: 5
// family: autocast-unsafe-op
// expect: ok
// verified: cpu-1.13.1
#include <ATen/autocast_mode.h>
#include <torch/torch.h>
#include <iostream>
#include <memory>

class CpuAutocast {
public:
  explicit CpuAutocast(bool enabled) : prev_(at::autocast::is_cpu_enabled()) {
    at::autocast::set_autocast_cpu_dtype(at::kBFloat16);
    at::autocast::set_cpu_enabled(enabled);
  }
  ~CpuAutocast() {
    at::autocast::set_cpu_enabled(prev_);
    at::autocast::clear_cache();
  }

private:
  bool prev_;
};

struct TaggerImpl : torch::nn::Module {
  TaggerImpl(int64_t in, int64_t tags)
      : trunk(register_module("trunk", torch::nn::Linear(in, 64))),
        head(register_module("head", torch::nn::Linear(64, tags))) {}
  std::pair<torch::Tensor, torch::Tensor> forward(const torch::Tensor& x) {
    auto h = torch::gelu(trunk->forward(x));
    return {h, torch::sigmoid(head->forward(h))};
  }
  torch::nn::Linear trunk, head;
};
TORCH_MODULE(Tagger);

class EmbeddingCache {
public:
  EmbeddingCache(int64_t rows, int64_t dim) : table_(torch::zeros({rows, dim})) {}
  void write(const torch::Tensor& ids, const torch::Tensor& emb) {
    table_.index_copy_(0, ids, emb.detach().to(table_.scalar_type()));
  }
  double norm() const { return table_.norm().item<double>(); }

private:
  torch::Tensor table_;
};

int main() {
  torch::manual_seed(4);
  const int64_t n = 96, tags = 8;
  auto x = torch::randn({n, 40});
  auto y = (torch::mm(x, torch::randn({40, tags})) > 0.5).to(torch::kFloat);
  Tagger tagger(40, tags);
  torch::optim::AdamW opt(tagger->parameters(), torch::optim::AdamWOptions(2e-3));
  EmbeddingCache cache(n, 64);

  for (int epoch = 0; epoch < 3; ++epoch) {
    double epoch_loss = 0.0;
    for (int64_t s = 0; s < n; s += 32) {
      auto ids = torch::arange(s, s + 32, torch::kLong);
      torch::Tensor loss, hidden;
      {
        CpuAutocast autocast(/*enabled=*/true);
        auto out = tagger->forward(x.index_select(0, ids));
        hidden = out.first;
        loss = torch::nn::functional::binary_cross_entropy(out.second, y.index_select(0, ids));
      }
      opt.zero_grad();
      loss.backward();
      opt.step();
      cache.write(ids, hidden);
      epoch_loss += loss.item<double>();
    }
    std::cout << "epoch " << epoch << " loss " << epoch_loss << " cache norm " << cache.norm() << "\n";
  }
  return 0;
}
