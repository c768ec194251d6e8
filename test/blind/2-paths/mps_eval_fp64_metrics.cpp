// scenario: evaluates a regressor on the Apple GPU when present, keeping the float64 dataset and error metrics on the host
// tier: 2
// family: mps-float64
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

int main() {
  torch::manual_seed(17);
  torch::Device device = at::hasMPS() ? torch::Device(torch::kMPS) : torch::Device(torch::kCPU);

  // dataset arrives as float64 from the simulation pipeline
  const int64_t rows = 400, cols = 6, batch_size = 64;
  auto design = torch::randn({rows, cols}, torch::kDouble);
  auto coeffs = torch::linspace(-1.0, 1.0, cols, torch::kDouble);
  auto response = design.mv(coeffs).unsqueeze(1) + 0.01 * torch::randn({rows, 1}, torch::kDouble);

  torch::nn::Linear model(cols, 1);
  {
    torch::NoGradGuard no_grad;
    model->weight.copy_(coeffs.unsqueeze(0));
    model->bias.zero_();
  }
  model->to(device);
  model->eval();

  auto sq_err = torch::zeros({}, torch::kDouble);
  auto abs_err = torch::zeros({}, torch::kDouble);
  auto worst = torch::zeros({}, torch::kDouble);
  int64_t seen = 0;

  for (int64_t start = 0; start < rows; start += batch_size) {
    const int64_t len = std::min(batch_size, rows - start);
    auto batch = design.narrow(0, start, len);
    auto target = response.narrow(0, start, len);

    batch = batch.to(torch::kFloat);
    batch = batch.to(device);

    torch::Tensor pred;
    {
      torch::NoGradGuard no_grad;
      pred = model->forward(batch);
    }
    auto err = pred.cpu().to(torch::kDouble) - target;
    sq_err += err.pow(2).sum();
    abs_err += err.abs().sum();
    worst = torch::maximum(worst, err.abs().max());
    seen += len;
  }

  auto rmse = torch::sqrt(sq_err / static_cast<double>(seen)).item<double>();
  auto mae = (abs_err / static_cast<double>(seen)).item<double>();
  std::cout << "device " << device << ": rmse=" << rmse << " mae=" << mae
            << " worst=" << worst.item<double>() << "\n";

  if (seen != rows || sq_err.scalar_type() != torch::kDouble)
    return 1;
  return rmse < 0.05 ? 0 : 1;
}
