// scenario: a ranking scorer that can switch its own precision and re-initialise its layers, evaluated in float64 for a gradient check
// tier: 4
// family: module-input-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <cmath>
#include <iostream>

struct ScorerImpl : torch::nn::Module {
  ScorerImpl(int64_t in, int64_t hidden)
      : fc1(register_module("fc1", torch::nn::Linear(in, hidden))),
        fc2(register_module("fc2", torch::nn::Linear(hidden, hidden))),
        proj(register_module("proj", torch::nn::Linear(hidden, 1))) {}

  void set_precision(torch::Dtype dtype) {
    to(dtype);
    precision_ = dtype;
  }
  torch::Dtype precision() const { return precision_; }

  void reset_parameters() {
    torch::NoGradGuard no_grad;
    for (auto *layer : {&fc1, &fc2, &proj}) {
      torch::nn::init::xavier_uniform_((*layer)->weight);
      torch::nn::init::zeros_((*layer)->bias);
    }
  }

  torch::Tensor forward(const torch::Tensor &x) {
    auto h = torch::tanh(fc1->forward(x));
    h = h + torch::tanh(fc2->forward(h));
    return proj->forward(h).squeeze(1);
  }

  torch::nn::Linear fc1, fc2, proj;
  torch::Dtype precision_ = torch::kFloat;
};
TORCH_MODULE(Scorer);

int main() {
  torch::manual_seed(2);
  Scorer scorer(12, 32);
  scorer->set_precision(torch::kDouble);
  scorer->reset_parameters();

  auto docs = torch::randn({16, 12}, torch::kDouble);
  auto relevance = torch::randint(0, 3, {16}, torch::kLong).to(torch::kDouble);

  auto scores = scorer->forward(docs);
  auto loss = torch::mse_loss(scores, relevance);
  loss.backward();

  // central-difference check of d loss / d fc1.weight[0][0]
  const double eps = 1e-6;
  auto w = scorer->fc1->weight;
  double numeric = 0.0;
  {
    torch::NoGradGuard no_grad;
    w[0][0] += eps;
    auto up = torch::mse_loss(scorer->forward(docs), relevance).item<double>();
    w[0][0] -= 2 * eps;
    auto down = torch::mse_loss(scorer->forward(docs), relevance).item<double>();
    w[0][0] += eps;
    numeric = (up - down) / (2 * eps);
  }
  auto analytic = w.grad()[0][0].item<double>();
  std::cout << "analytic " << analytic << " numeric " << numeric << "\n";

  if (std::abs(analytic - numeric) > 1e-6 * std::max(1.0, std::abs(analytic)))
    return 1;

  // back to serving precision
  scorer->set_precision(torch::kFloat);
  torch::NoGradGuard no_grad;
  auto served = scorer->forward(docs.to(scorer->precision()));
  std::cout << "served scores " << served.sizes() << " " << served.dtype() << "\n";
  return served.scalar_type() == torch::kFloat ? 0 : 1;
}
