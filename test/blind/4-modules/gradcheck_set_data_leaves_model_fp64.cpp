// scenario: a finite-difference gradient check promotes the parameters to float64 with set_data and never demotes them; training then resumes on float32 batches
// tier: 4
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: mat1 and mat2 must have the same dtype
#include <torch/torch.h>
#include <iostream>

struct TinyMlpImpl : torch::nn::Module {
  TinyMlpImpl(int64_t in, int64_t hidden, int64_t out) {
    fc1_ = register_module("fc1", torch::nn::Linear(in, hidden));
    fc2_ = register_module("fc2", torch::nn::Linear(hidden, out));
  }
  torch::Tensor forward(const torch::Tensor& x) {
    auto h = torch::tanh(fc1_(x)); // BUG
    return fc2_(h);
  }
  torch::nn::Linear fc1_{nullptr}, fc2_{nullptr};
};
TORCH_MODULE(TinyMlp);

// Compares autograd against central differences on one parameter entry.
double gradcheck_first_weight(TinyMlp model, const torch::Tensor& x, const torch::Tensor& y) {
  for (auto& item : model->named_parameters())
    item.value().set_data(item.value().data().to(torch::kDouble));
  auto xd = x.to(torch::kDouble), yd = y.to(torch::kDouble);

  model->zero_grad();
  torch::mse_loss(model->forward(xd), yd).backward();
  auto w = model->named_parameters()["fc1.weight"];
  double analytic = w.grad()[0][0].item<double>();

  const double eps = 1e-6;
  torch::NoGradGuard no_grad;
  double orig = w[0][0].item<double>();
  w[0][0] = orig + eps;
  double up = torch::mse_loss(model->forward(xd), yd).item<double>();
  w[0][0] = orig - eps;
  double down = torch::mse_loss(model->forward(xd), yd).item<double>();
  w[0][0] = orig;
  return std::abs(analytic - (up - down) / (2 * eps));
}

int main() {
  torch::manual_seed(1);
  TinyMlp model(4, 8, 1);
  auto x = torch::randn({16, 4});
  auto y = x.sum(1, /*keepdim=*/true);
  std::cout << "gradcheck error " << gradcheck_first_weight(model, x, y) << "\n";

  torch::optim::SGD opt(model->parameters(), torch::optim::SGDOptions(0.1));
  for (int step = 0; step < 3; ++step) {
    opt.zero_grad();
    auto loss = torch::mse_loss(model->forward(x), y);
    loss.backward();
    opt.step();
    std::cout << "step " << step << " loss " << loss.item<float>() << "\n";
  }
  return 0;
}
