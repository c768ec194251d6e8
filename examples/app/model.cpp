#include "model.h"

#include <ATen/autocast_mode.h>

RegressorImpl::RegressorImpl(int64_t in_features, int64_t hidden, int64_t out_features)
    : fc1(register_module("fc1", torch::nn::Linear(in_features, hidden))),
      fc2(register_module("fc2", torch::nn::Linear(hidden, hidden))),
      head(register_module("head", torch::nn::Linear(hidden, out_features))) {}

torch::Tensor RegressorImpl::forward(torch::Tensor x) {
  x = torch::relu(fc1->forward(x));
  x = torch::relu(fc2->forward(x));
  return head->forward(x);
}

std::pair<torch::Tensor, torch::Tensor> make_dataset(int64_t n, int64_t in_features) {
  auto x = torch::randn({n, in_features});
  auto w = torch::linspace(-1.0, 1.0, in_features).unsqueeze(1);
  auto y = torch::mm(x, w) + 0.1 * torch::randn({n, 1});
  return {x, y};
}

torch::Tensor prototype_scores(int64_t batch, int64_t dim, int64_t n_prototypes) {
  auto queries = torch::randn({batch, dim});
  auto bank = torch::randn({dim, n_prototypes}).to(torch::kHalf);
  queries = queries / queries.norm(2, /*dim=*/1, /*keepdim=*/true);

  auto raw = torch::mm(queries, bank); // BUG(torchdtype-mixed-precision)
  auto scores = torch::mm(queries, bank.to(torch::kFloat)); // OK
  (void)raw;
  return scores;
}

torch::Tensor autocast_head(int64_t batch, int64_t dim, int64_t classes) {
  auto features = torch::randn({batch, dim});
  auto weight = torch::randn({dim, classes}, torch::kBFloat16);
  auto logits = torch::zeros({batch, classes});

  at::autocast::set_cpu_enabled(true);
  auto fast = torch::mm(features, weight); // OK
  logits.addmm_(features.to(torch::kBFloat16), weight); // BUG(torchdtype-mixed-precision)
  logits.add_(torch::mm(features, weight)); // OK
  at::autocast::set_cpu_enabled(false);
  at::autocast::clear_cache();

  return logits + fast;
}
