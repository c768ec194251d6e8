// scenario: a multi-task model keeps its heads in a std::map and takes an optional autocast-dtype override; the shared trunk runs under autocast and the prototype head matmuls its bf16 output against float32 prototypes after the region
// tier: 5
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type BFloat16 but found Float
#include <ATen/autocast_mode.h>
#include <torch/torch.h>

#include <cstdlib>
#include <iostream>
#include <map>
#include <optional>
#include <string>

struct TrainerOptions {
  std::optional<at::ScalarType> amp_dtype;  // unset: full precision
  int64_t feature_dim = 48;
  int64_t num_prototypes = 6;
};

static TrainerOptions options_from_env() {
  TrainerOptions opts;
  const char *amp = std::getenv("TRAINER_AMP");
  if (amp == nullptr || std::string(amp) == "bf16")
    opts.amp_dtype = at::kBFloat16;  // default on: the CPU fleet has AMX
  else if (std::string(amp) == "off")
    opts.amp_dtype = std::nullopt;
  return opts;
}

int main() {
  torch::manual_seed(9);
  const TrainerOptions opts = options_from_env();
  const int64_t d = opts.feature_dim;

  torch::nn::Sequential trunk(torch::nn::Linear(32, 64), torch::nn::ReLU(), torch::nn::Linear(64, d));
  std::map<std::string, torch::nn::Linear> heads;
  heads.emplace("sentiment", torch::nn::Linear(d, 3));
  heads.emplace("topic", torch::nn::Linear(d, 10));
  auto prototypes = torch::randn({opts.num_prototypes, d}, torch::requires_grad());

  auto batch = torch::randn({16, 32});
  torch::Tensor features;
  std::map<std::string, torch::Tensor> head_logits;
  if (opts.amp_dtype) {
    at::autocast::set_autocast_cpu_dtype(*opts.amp_dtype);
    at::autocast::set_cpu_enabled(true);
  }
  features = trunk->forward(batch);
  for (auto &[name, head] : heads)
    head_logits[name] = head(features);
  if (opts.amp_dtype) {
    at::autocast::set_cpu_enabled(false);
    at::autocast::clear_cache();
  }

  // prototype head: distance to learned class prototypes, kept out of autocast
  auto proto_scores = torch::matmul(features, prototypes.t());  // BUG
  auto loss = proto_scores.logsumexp(1).mean();
  for (const auto &[name, logits] : head_logits)
    loss = loss + logits.to(torch::kFloat).pow(2).mean() * 0.01;
  loss.backward();
  std::cout << "multi-task loss " << loss.item<float>() << "\n";
  return 0;
}
