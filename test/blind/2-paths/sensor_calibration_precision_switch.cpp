// scenario: corrects sensor readings with per-sensor calibration matrices kept in an unordered_map; high-precision sensors switch their entry to double through a reference and convert their readings to match
// tier: 2
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>

#include <iostream>
#include <string>
#include <unordered_map>
#include <vector>

namespace {

struct SensorInfo {
  std::string id;
  int64_t first_row;
  int64_t num_rows;
  bool high_precision;
};

torch::Tensor make_calibration(int64_t channels, double drift) {
  auto m = torch::eye(channels);
  m.diagonal().add_(drift);
  return m;
}

} // namespace

int main() {
  torch::manual_seed(3);
  const int64_t channels = 6;
  std::vector<SensorInfo> sensors = {{"imu_front", 0, 40, false},
                                     {"strain_gauge_a", 40, 24, true},
                                     {"thermo_rack2", 64, 16, false}};

  std::unordered_map<std::string, torch::Tensor> calibration;
  for (const auto &s : sensors)
    calibration.emplace(s.id, make_calibration(channels, 0.01 * s.num_rows));

  auto readings = torch::randn({80, channels});
  auto corrected = torch::empty_like(readings);

  for (const auto &s : sensors) {
    auto &matrix = calibration[s.id];
    auto rows = torch::arange(s.first_row, s.first_row + s.num_rows);
    auto block = readings.index_select(0, rows);
    if (s.high_precision) {
      // strain gauges drift by a few ppm; keep their matrix in double
      matrix = matrix.to(torch::kDouble);
      block = block.to(matrix.scalar_type());
    }
    auto fixed = torch::mm(block, matrix);
    corrected.index_copy_(0, rows, fixed.to(corrected.scalar_type()));
  }

  for (const auto &s : sensors)
    std::cout << s.id << " calibration dtype " << calibration[s.id].dtype() << "\n";
  std::cout << "corrected mean " << corrected.mean().item<float>() << "\n";
  return 0;
}
