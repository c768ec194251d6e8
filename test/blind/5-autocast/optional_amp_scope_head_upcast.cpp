// scenario: sentiment classifier holds its autocast scope in a std::optional engaged from the config and resets it before the head, then converts the encoder output back to float32 for the full-precision head
// tier: 5
// family: module-input-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>
#include <optional>

class CpuAmpScope {
 public:
  CpuAmpScope() : saved_(at::autocast::is_cpu_enabled()) { at::autocast::set_cpu_enabled(true); }
  ~CpuAmpScope() {
    at::autocast::set_cpu_enabled(saved_);
    at::autocast::clear_cache();
  }

 private:
  bool saved_;
};

struct RunConfig {
  bool use_amp = true;
  int64_t vocab = 500;
  int64_t dim = 32;
  int64_t classes = 3;
};

struct SentimentModelImpl : torch::nn::Module {
  torch::nn::Embedding embed{nullptr};
  torch::nn::Linear encoder{nullptr}, head{nullptr};
  explicit SentimentModelImpl(const RunConfig& c) {
    embed = register_module("embed", torch::nn::Embedding(c.vocab, c.dim));
    encoder = register_module("encoder", torch::nn::Linear(c.dim, c.dim));
    head = register_module("head", torch::nn::Linear(c.dim, c.classes));
  }
};
TORCH_MODULE(SentimentModel);

torch::Tensor classify(SentimentModel& model, const torch::Tensor& token_ids, const RunConfig& cfg) {
  std::optional<CpuAmpScope> amp;
  if (cfg.use_amp) amp.emplace();

  auto pooled = model->embed(token_ids).mean(1);
  auto encoded = torch::tanh(model->encoder(pooled));

  amp.reset();
  auto head_dtype = model->head->weight.scalar_type();
  return model->head(encoded.to(head_dtype));
}

int main() {
  torch::manual_seed(23);
  RunConfig cfg;
  SentimentModel model(cfg);
  model->eval();
  torch::NoGradGuard no_grad;

  auto tokens = torch::randint(0, cfg.vocab, {4, 12}, torch::kLong);
  auto logits = classify(model, tokens, cfg);
  std::cout << "labels " << logits.argmax(1) << " " << logits.dtype() << "\n";
  return 0;
}
